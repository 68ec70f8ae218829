/**
 * Text the practice wrote in the editor's Markdown subset, as HTML made on the server by
 * app/lib/markdown.server.ts (which lets no HTML, script or unsafe link through).
 */
export function Markdown({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ? `markdown ${className}` : "markdown"}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
