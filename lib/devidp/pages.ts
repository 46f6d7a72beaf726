/**
 * HTML of the development IdP's own pages (login, sign-out). They are served by the IdP on its own
 * origin, so the app's CSP does not govern them; they carry no script, and every value is escaped.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
body{margin:0;font:1rem/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0b0c0c;background:#fff}
header{background:#3d2a5c;color:#fff;padding:.75rem 1rem;font-weight:700;font-size:1.1875rem}
main{max-width:30rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:2rem;line-height:1.2;margin:0 0 1rem}
p{margin:0 0 1rem}.hint{color:#484949}
label{display:block;font-weight:700;font-size:1.1875rem;margin:0 0 .25rem}
input{display:block;width:100%;box-sizing:border-box;min-height:2.5rem;padding:.25rem .5rem;font:inherit;border:2px solid #0b0c0c;margin:0 0 1.5rem}
button{min-height:2.75rem;padding:.5rem 1rem;font:inherit;font-weight:600;color:#fff;background:#00703c;border:2px solid transparent;box-shadow:0 2px 0 #0b0c0c;cursor:pointer;margin:0 1rem 1rem 0}
button.secondary{color:#0b0c0c;background:#f3f2f1}
:focus-visible{outline:3px solid #fd0;outline-offset:0;box-shadow:0 0 0 6px #0b0c0c}
.error{border:5px solid #b3261e;padding:1rem;margin:0 0 1.5rem}.error h2{margin:0 0 .5rem;font-size:1.5rem}.error p{color:#b3261e;font-weight:700;margin:0}
footer{border-top:1px solid #8b8f91;background:#f3f2f1;padding:1rem;font-size:.875rem}
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} – Development identity provider</title><style>${STYLE}</style></head>
<body><header>Development identity provider</header><main id="main">${body}</main>
<footer>For development and tests only: users and passwords are published, and everything is forgotten on restart.</footer></body></html>`;
}

export function loginPage(opts: { action: string; clientName: string; username?: string; error?: string }): string {
  const error = opts.error
    ? `<div class="error" role="alert" tabindex="-1"><h2>There is a problem</h2><p>${esc(opts.error)}</p></div>`
    : "";
  return page(
    "Sign in",
    `${error}<h1>Sign in</h1>
<p class="hint">to continue to ${esc(opts.clientName)}</p>
<form method="post" action="${esc(opts.action)}" autocomplete="off">
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" spellcheck="false" required value="${esc(opts.username ?? "")}"${opts.error || !opts.username ? " autofocus" : ""}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

/** oidc-provider's logout confirmation: `form` is its own hidden form (with its XSRF value) that the buttons submit. */
export function logoutPage(form: string, clientName: string | undefined): string {
  return page(
    "Sign out",
    `<h1>Sign out${clientName ? ` of ${esc(clientName)}` : ""}?</h1>
<p>You will also be signed out of the development identity provider.</p>
${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm" class="secondary">No, stay signed in</button>`,
  );
}

export function signedOutPage(): string {
  return page("Signed out", `<h1>You are signed out</h1><p>You can close this window.</p>`);
}
