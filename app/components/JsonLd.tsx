/** Structured data for search engines. JSON-LD is data, not script: "<" is escaped so no text can
 * close the tag, and browsers never execute it (so it needs no CSP nonce). */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
