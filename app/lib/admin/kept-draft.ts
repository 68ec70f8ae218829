import type { DocumentId } from "~/content/documents";
import { nameParts } from "./field-tree";

/**
 * The editor's words kept on the device (localStorage), per document and base version, so that
 * nothing typed is lost to a dropped connection or a closed tab. Only text: chosen files stay in
 * the page.
 */
export interface KeptDraft {
  /** the form's values, nested as Conform names them */
  value: Record<string, unknown>;
  savedAt: string;
  /** the idempotency key of a publish still waiting to be sent */
  requestKey?: string;
}

/** Fields of the editor form that are not the document's. */
const OWN_FIELDS = new Set(["_action", "baseVersion", "requestKey", "publishAt", "__intent__"]);

export function keptDraftKey(doc: DocumentId, baseVersion: number): string {
  return `editor-draft:${doc}:${baseVersion}`;
}

/** A form's text values as a nested object: "items[0].answer" → { items: [{ answer }] }. */
export function formPayload(formData: FormData): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value !== "string" || OWN_FIELDS.has(name) || name.startsWith("__")) continue;
    const parts = nameParts(name);
    let node: Record<string | number, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = parts[i + 1];
      node[part] ??= typeof next === "number" ? [] : {};
      node = node[part] as Record<string | number, unknown>;
    });
  }
  return root;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Private modes and full disks refuse storage; the page itself still keeps the form.
    return undefined;
  }
}

export function readKeptDraft(doc: DocumentId, baseVersion: number): KeptDraft | undefined {
  const raw = storage()?.getItem(keptDraftKey(doc, baseVersion));
  if (!raw) return undefined;
  try {
    const kept = JSON.parse(raw) as KeptDraft;
    return kept && typeof kept.value === "object" ? kept : undefined;
  } catch {
    return undefined;
  }
}

export function writeKeptDraft(doc: DocumentId, baseVersion: number, kept: KeptDraft): void {
  try {
    storage()?.setItem(keptDraftKey(doc, baseVersion), JSON.stringify(kept));
  } catch {
    // Full: the page still holds the words.
  }
}

export function dropKeptDraft(doc: DocumentId, baseVersion: number): void {
  storage()?.removeItem(keptDraftKey(doc, baseVersion));
}

/**
 * Removes every kept draft of this device: signing out on a shared computer must leave no unsent
 * words behind for the next person (issue 29, L4). The sign-out answer's Clear-Site-Data does the
 * same where the browser honours it; this covers the others.
 */
export function clearKeptDrafts(): void {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith("editor-draft:")) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}
