export interface MarkdownProps {
  /** HTML made on the server by renderMarkdown (app/lib/markdown.server.ts), never anything else */
  html: string;
  className?: string;
}

/**
 * A text the practice wrote in the Markdown subset, as its loader rendered it. The HTML is made
 * only by the server's renderer, which lets no markup, script or unsafe link through.
 */
export function Markdown({ html, className }: MarkdownProps) {
  return (
    <div
      className={`[&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&>*+*]:mt-3 ${className ?? ""}`.trimEnd()}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
