import { expandDeliveryLinks } from "@/lib/delivery/link-token";
import { expandOtpCodes } from "@/lib/otp/code";
import { expandPortalLinks } from "@/lib/workflow/portal/portal-link";
import { expandSignLinks } from "@/lib/signing/ceremony/sign-link";

/**
 * A queued mail holds placeholders, never the secrets they stand for (delivery, portal and signing
 * links, passcodes: each derived from its row's id with the server key by the module that owns it).
 * They are expanded here, as the mail is handed to the SMTP server (and on the development mail page).
 */
export const expandPlaceholders = (text: string): string => expandOtpCodes(expandSignLinks(expandPortalLinks(expandDeliveryLinks(text))));
