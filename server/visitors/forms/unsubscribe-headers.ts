/**
 * The headers any e-mail to a subscriber must carry (RFC 2369 and RFC 8058 one-click): the mail
 * client POSTs `List-Unsubscribe=One-Click` to the link, without a browser, cookie or Origin, and
 * /newsletter/unsubscribe's action unsubscribes on that POST. A GET of the link only shows a
 * button, because mail scanners open links. Today the newsletter itself is sent from the CRM; an
 * e-mail the site sends to a subscriber uses these headers (MailMessage.headers).
 */
export function listUnsubscribeHeaders(siteUrl: string, token: string): Record<string, string> {
  const link = `${siteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
  return {
    "List-Unsubscribe": `<${link}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
