/**
 * Enough of MIME (RFC 2045-2047) to read what the fake SMTP server received: headers unfolded and
 * decoded, multipart bodies split, base64 and quoted-printable parts decoded as UTF-8.
 */
export interface MimePart {
  headers: Record<string, string>;
  /** the decoded body of a leaf part; "" for a multipart */
  body: string;
  parts: MimePart[];
}

export function parseMime(raw: string): MimePart {
  const text = raw.replace(/\r?\n/g, "\r\n");
  const split = text.indexOf("\r\n\r\n");
  const head = split === -1 ? text : text.slice(0, split);
  const rest = split === -1 ? "" : text.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(
        line.slice(colon + 1).trim(),
      );
    }
  }
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const parts = rest
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith("--"))
      .map((chunk) => parseMime(chunk.replace(/^\r\n/, "")));
    return { headers, body: "", parts };
  }
  return { headers, body: decodeBody(rest, headers["content-transfer-encoding"]), parts: [] };
}

/** Every leaf part, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.parts.length ? part.parts.flatMap(leaves) : [part];
}

function decodeBody(body: string, encoding = "7bit"): string {
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return quotedPrintable(body.replace(/=\r\n/g, ""));
    default:
      return body;
  }
}

function quotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(value[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** =?UTF-8?Q?…?= and =?UTF-8?B?…?= in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : quotedPrintable(data.replace(/_/g, " ")),
    );
}
