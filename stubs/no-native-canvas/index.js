// pdf.js asks for a canvas in Node.js only; Sealpost renders PDFs with pdf.js in the browser.
throw new Error("@napi-rs/canvas is not installed: Sealpost runs pdf.js in the browser only (stubs/no-native-canvas, docs/esign.md)");
