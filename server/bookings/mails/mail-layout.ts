/**
 * A booking e-mail's words as blocks, written out twice: as plain text (what every other e-mail
 * of the site is) and as simple HTML beside it, where the long Google Calendar address becomes a
 * short link. No images, no styles from elsewhere, no tracking: nothing loads when it is opened.
 */

export type MailBlock =
  | { paragraph: string }
  | { fields: readonly (readonly [label: string, value: string])[] }
  | { link: { label: string; url: string; before?: string } };

export function layoutText(blocks: readonly MailBlock[]): string {
  return `${blocks
    .map((block) => {
      if ("paragraph" in block) return block.paragraph;
      if ("fields" in block) return block.fields.map(([l, v]) => `${l}: ${v}`).join("\n");
      const { label, url, before } = block.link;
      return `${before ? `${before} ` : ""}${label}: ${url}`;
    })
    .join("\n\n")}\n`;
}

export function layoutHtml(blocks: readonly MailBlock[]): string {
  const body = blocks
    .map((block) => {
      if ("paragraph" in block) return `<p>${lines(block.paragraph)}</p>`;
      if ("fields" in block) {
        const rows = block.fields
          .map(
            ([l, v]) =>
              `<tr><th align="left" valign="top">${html(l)}</th><td>${lines(v)}</td></tr>`,
          )
          .join("");
        return `<table cellpadding="4" cellspacing="0">${rows}</table>`;
      }
      const { label, url, before } = block.link;
      return `<p>${before ? `${html(before)} ` : ""}<a href="${html(url)}">${html(label)}</a></p>`;
    })
    .join("\n");
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"></head>` +
    `<body style="font-family:Arial,sans-serif;line-height:1.5;color:#222">\n${body}\n</body></html>\n`
  );
}

function html(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const lines = (value: string) => html(value).replace(/\n/g, "<br>");
