"use client";
import { createContext, useContext, type ReactNode } from "react";

/**
 * The design system's own words (an error's hidden "Error:", the error summary's title, a date's
 * Day, Month and Year…), English unless a page written in several languages gives its own through
 * ComponentWordsProvider: the components stay free of any catalogue, and the console, English only
 * for now, passes nothing.
 */
export interface ComponentWords {
  errorPrefix: string;
  errorSummaryTitle: string;
  chooseOption: string;
  dateParts: { day: string; month: string; year: string };
  stepCounter: (current: number, total: number) => string;
  stepStatus: { completed: string; current: string; notCompleted: string };
  banner: { info: string; warning: string; success: string };
}

export const ENGLISH_WORDS: ComponentWords = {
  errorPrefix: "Error:",
  errorSummaryTitle: "There is a problem",
  chooseOption: "Choose an option",
  dateParts: { day: "Day", month: "Month", year: "Year" },
  stepCounter: (current, total) => `Step ${current} of ${total}`,
  stepStatus: { completed: "(completed)", current: "(current)", notCompleted: "(not completed)" },
  banner: { info: "Important", warning: "Warning", success: "Success" },
};

const Words = createContext<ComponentWords>(ENGLISH_WORDS);

export const ComponentWordsProvider = ({ words, children }: { words: ComponentWords; children: ReactNode }) => (
  <Words.Provider value={words}>{children}</Words.Provider>
);

export const useComponentWords = (): ComponentWords => useContext(Words);
