import { type ReactNode, useEffect, useState } from "react";
import { type Block, type Inline, applyFormat, parseMarkdown } from "~/lib/admin/markdown-preview";

const toolButton =
  "min-h-11 min-w-11 rounded-lg border border-teal-800 bg-white px-3 text-sm font-semibold text-teal-900 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2 focus-visible:outline-none";

const formats = [
  { format: "bold", label: "Bold", face: <strong>B</strong> },
  { format: "italic", label: "Italic", face: <em>I</em> },
  { format: "list", label: "List", face: "• List" },
  { format: "link", label: "Link", face: "Link" },
] as const;

/**
 * Bold, Italic, List and Link for a longer text, and a preview of it as the page will show it.
 * Loaded only in the editor, after it is interactive (FieldInput), so neither a public page nor
 * the editor's first paint pays for it. The textarea stays the one source of the value: the
 * buttons change it as typing would, and Conform hears an input event.
 */
export default function MarkdownTools({ textareaId }: { textareaId: string }) {
  // Drawn only in the browser, after hydration: the textarea is there to read.
  const [text, setText] = useState(
    () => (document.getElementById(textareaId) as HTMLTextAreaElement | null)?.value ?? "",
  );
  useEffect(() => {
    const area = document.getElementById(textareaId) as HTMLTextAreaElement | null;
    if (!area) return;
    const onInput = () => setText(area.value);
    area.addEventListener("input", onInput);
    return () => area.removeEventListener("input", onInput);
  }, [textareaId]);

  function apply(format: (typeof formats)[number]["format"]) {
    const area = document.getElementById(textareaId) as HTMLTextAreaElement | null;
    if (!area) return;
    const next = applyFormat(area.value, area.selectionStart, area.selectionEnd, format);
    // The native setter, so React and Conform see the change as typing.
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(
      area,
      next.value,
    );
    area.dispatchEvent(new Event("input", { bubbles: true }));
    area.focus();
    area.setSelectionRange(next.start, next.end);
  }

  return (
    <div className="mt-2 space-y-2">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-2">
        {formats.map((f) => (
          <button
            key={f.format}
            type="button"
            aria-label={f.label}
            aria-controls={textareaId}
            className={toolButton}
            onClick={() => apply(f.format)}
          >
            {f.face}
          </button>
        ))}
      </div>
      {/* A figure, not a region: a page of many texts would have many regions of one name. */}
      <figure className="rounded-lg border border-dashed border-slate-300 bg-white p-3 text-sm">
        <figcaption className="text-xs font-semibold tracking-wide text-muted uppercase">
          How it will look
        </figcaption>
        <div className="mt-1 [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&>*+*]:mt-2">
          {parseMarkdown(text).map(drawBlock)}
        </div>
      </figure>
    </div>
  );
}

function drawBlock(block: Block, i: number): ReactNode {
  if (block.type === "p") return <p key={i}>{block.children.map(drawInline)}</p>;
  const items = block.items.map((item, j) => <li key={j}>{item.map(drawInline)}</li>);
  return block.type === "ul" ? <ul key={i}>{items}</ul> : <ol key={i}>{items}</ol>;
}

function drawInline(node: Inline, i: number): ReactNode {
  switch (node.type) {
    case "text":
      return node.text;
    case "br":
      return <br key={i} />;
    case "strong":
      return <strong key={i}>{node.children.map(drawInline)}</strong>;
    case "em":
      return <em key={i}>{node.children.map(drawInline)}</em>;
    case "link":
      // Shown, not followed: a click in the preview would leave the editor.
      return (
        <a key={i} href={node.href} onClick={(e) => e.preventDefault()} className="text-teal-900">
          {node.children.map(drawInline)}
        </a>
      );
  }
}
