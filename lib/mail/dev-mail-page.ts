import { env, type Env } from "@/lib/env";

/**
 * Whether /dev/mail is served: always in development, and in production only when DEV_MAIL_PAGE says
 * so, since it shows every tenant's mail. The page and the links to it ask the same question.
 */
export const devMailPageShown = (e: Env = env()): boolean => e.NODE_ENV !== "production" || e.DEV_MAIL_PAGE;
