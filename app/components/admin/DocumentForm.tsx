import { FormProvider, getFormProps, useForm } from "@conform-to/react";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useActionData, useFetcher, useLocation } from "react-router";
import { type DocumentId, documents } from "~/content/documents";
import {
  ACTION_FIELD,
  BASE_VERSION_FIELD,
  type EditorActionData,
  PUBLISH_AT_FIELD,
  REQUEST_KEY_FIELD,
  type RebasedForm,
} from "~/lib/admin/editor-data";
import { describeDocument } from "~/lib/admin/field-tree";
import {
  type KeptDraft,
  dropKeptDraft,
  formPayload,
  readKeptDraft,
  writeKeptDraft,
} from "~/lib/admin/kept-draft";
import { parseDocument } from "~/lib/admin/parse-document";
import { chosenFileEntries, markChosenFiles } from "~/lib/admin/uploads";
import {
  type PhotoProgress,
  type PhotoSendFailure,
  progressText,
  sendChosenPhotos,
} from "~/lib/admin/send-photos";
import { useSaveBarRoom } from "~/lib/admin/save-bar-room";
import { shrinkChosenPhotos } from "~/lib/admin/shrink-photo";
import { formatWat } from "~/lib/admin/wat";
import type { SendFailure } from "~/lib/admin/editor-client-action";
import { type Unreachable, newIdempotencyKey, retryDelayMs } from "~/lib/forms/client-action";
import { ConflictNotice, RebasedNotice } from "./ConflictNotice";
import { ErrorSummary } from "./ErrorSummary";
import { Fields } from "./FieldInput";
import { controlClass } from "./FieldShell";
import { Notice } from "./Notice";

export interface DocumentFormProps {
  doc: DocumentId;
  /** the version this form is built from: a publish on any other is refused */
  baseVersion: number;
  /** the value the form starts from: the editor's draft, else the published version */
  value: unknown;
  /** after a success, the base version whose kept words were sent and can go */
  sentFrom?: number;
}

/**
 * The editor of one document, drawn from its schema. The device keeps what is typed until it
 * is sent (app/lib/admin/kept-draft.ts); on reload it is put back, with a notice and a way to
 * drop it.
 */
export function DocumentForm(props: DocumentFormProps) {
  const { doc, baseVersion, sentFrom } = props;
  const [kept, setKept] = useState<KeptDraft>();
  const sent = useFreshAnswer(doc);
  // After "Continue from the newer version" the form stands on the newer version, with the
  // editor's changes kept, until the page itself moves on (a publish or a saved draft remounts
  // this component). A later answer (offline, a second conflict) leaves it standing there.
  const latest = useEditorAnswer(sent)?.rebased;
  const [rebased, setRebased] = useState<RebasedForm | undefined>(latest);
  if (latest && latest !== rebased) setRebased(latest);
  useEffect(() => {
    if (sentFrom !== undefined) dropKeptDraft(doc, sentFrom);
    // The device's storage can only be read once React runs: the server's HTML cannot know it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setKept(readKeptDraft(doc, baseVersion));
  }, [doc, baseVersion, sentFrom]);
  useEffect(() => {
    if (rebased) dropKeptDraft(doc, rebased.from);
  }, [doc, rebased]);

  const discardKept = () => {
    dropKeptDraft(doc, baseVersion);
    setKept(undefined);
  };

  if (rebased)
    return (
      <EditorForm
        key={`rebased-${rebased.version}-${rebased.from}`}
        {...props}
        sent={sent}
        baseVersion={rebased.version}
        value={rebased.value}
        rebased={rebased}
      />
    );

  return (
    <>
      {kept && (
        <Notice tone="info" title="Your unsent changes were restored.">
          <p>
            This device kept what you typed on {formatWat(kept.savedAt)}, before it was saved or
            published. Check it below, then publish or save it as a draft.
          </p>
          <button type="button" className="btn-outline mt-3" onClick={discardKept}>
            Discard
          </button>
        </Notice>
      )}
      <EditorForm
        key={kept ? `kept-${kept.savedAt}` : "server"}
        {...props}
        sent={sent}
        value={kept?.value ?? props.value}
        initialRequestKey={kept?.requestKey}
      />
    </>
  );
}

type Answer = EditorActionData | SendFailure;

/** The page (location key) at which each answer of an editor's fetcher arrived. */
const answeredAt = new WeakMap<object, string>();

/**
 * What the site answered this form's last send, through its fetcher. React Router keeps a
 * fetcher's last answer until another replaces it, across a redirect too: after a Publish, Save
 * draft or Discard that got through, the page would still hold the answer from before it (a
 * conflict already settled, "now on top of version 7" while version 8 is live, "No answer yet"),
 * and a form rebuilt from it refuses the editor's next Publish as someone else's. An answer
 * belongs to the page it arrived at: "Continue from the newer version" reloads the page's data in
 * place and keeps it; a redirect or another visit leaves it behind, and it is dropped.
 */
function useFreshAnswer(doc: DocumentId): Answer | null | undefined {
  const fetcher = useFetcher<Answer>({ key: `editor-${doc}` });
  const { key } = useLocation();
  const data = fetcher.data;
  if (data && !answeredAt.has(data)) answeredAt.set(data, key);
  const stale = !!data && answeredAt.get(data) !== key;
  const { reset } = fetcher;
  useEffect(() => {
    if (stale) reset();
  }, [stale, reset]);
  return stale ? undefined : data;
}

/** The site's last answer to this editor's form: the fetcher's, or (without JavaScript) the page's. */
function useEditorAnswer(sent: Answer | null | undefined): EditorActionData | undefined {
  const pageAnswer = useActionData<EditorActionData>();
  if (!sent) return pageAnswer;
  return isFailure(sent) ? undefined : sent;
}

function isUnreachable(answer: Answer | null | undefined): answer is Unreachable {
  return !!answer && "outcome" in answer && answer.outcome === "unreachable";
}

function isFailure(answer: Answer | null | undefined): answer is SendFailure {
  return !!answer && "outcome" in answer;
}

/** What a send that did not get the site's answer means for the editor, in words. */
const failureText: Record<Exclude<SendFailure["outcome"], "unreachable">, string> = {
  "signed-out": "You were signed out. Your changes are kept here: sign in to publish them.",
  "too-large":
    "Not sent: this is too large to send in one go (a photo over 10 MB?). Your changes are kept here. Choose a smaller photo and press the button again.",
  "rate-limited":
    "Not sent: too many sends in a short time. Your changes are kept here. Wait a minute and press the button again.",
  busy: "Not sent: the website is busy receiving other sends just now, and nothing was saved. Your changes are kept here. Press the button again in a minute.",
  "server-error":
    "Not sent: the website had a problem. Your changes are kept here. Press the button again in a minute.",
};

function EditorForm({
  doc,
  baseVersion,
  value,
  initialRequestKey,
  rebased,
  sent,
}: DocumentFormProps & {
  initialRequestKey?: string;
  rebased?: RebasedForm;
  /** the fetcher's answer to this form (useFreshAnswer) */
  sent: Answer | null | undefined;
}) {
  const { schema, adminPath } = documents[doc];
  const fields = useMemo(() => describeDocument(schema), [schema]);
  const fetcher = useFetcher<Answer>({ key: `editor-${doc}` });
  const pageAnswer = useActionData<EditorActionData>();
  // The photos go first, each on its own (app/lib/admin/send-photos.ts): while they go, how far;
  // when one did not arrive, why. Then the form's own answer counts.
  const [photos, setPhotos] = useState<PhotosState>();
  const photoFailure = photos?.failure;
  const waiting = photoFailure
    ? photoFailure.outcome === "unreachable" || photoFailure.outcome === "slow"
    : isUnreachable(sent);
  const failure = photoFailure
    ? photoFailure.outcome in failureText
      ? (photoFailure.outcome as keyof typeof failureText)
      : undefined
    : isFailure(sent) && !waiting
      ? (sent.outcome as keyof typeof failureText)
      : undefined;
  const answer: EditorActionData | undefined = photoFailure
    ? undefined
    : sent
      ? isFailure(sent)
        ? undefined
        : sent
      : pageAnswer;
  const sendingPhotos = photos !== undefined && !photoFailure;
  const busy = fetcher.state !== "idle" || sendingPhotos;

  // The idempotency key of a submission, made in the browser only (docs/decisions/012): however
  // often the same publish is re-sent, the server publishes it once. A submission with other
  // content (another button, another "Publish at", another word) gets a key of its own.
  const requestKey = useRef(initialRequestKey ?? "");
  const lastSent = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!requestKey.current) requestKey.current = newIdempotencyKey();
  }, []);
  const keyFor = (body: FormData) => {
    const fingerprint = submissionFingerprint(body);
    if (lastSent.current !== undefined && lastSent.current !== fingerprint)
      requestKey.current = newIdempotencyKey();
    lastSent.current = fingerprint;
    return requestKey.current;
  };

  const pending = useRef<FormData | null>(null);
  const attempt = useRef(0);
  const send = useCallback(
    async (body: FormData) => {
      pending.current = body;
      if (chosenFileEntries(body).length > 0) {
        setPhotos({ preparing: true });
        // Scaled in the browser first, so that they get through a slow line.
        await shrinkChosenPhotos(body).catch(() => {});
        const failed = await sendChosenPhotos(body, (progress) => setPhotos({ progress }));
        if (failed) return setPhotos({ failure: failed });
      }
      setPhotos(undefined);
      void fetcher.submit(body, {
        method: "post",
        action: adminPath,
        encType: "multipart/form-data",
      });
    },
    [fetcher, adminPath],
  );

  const sentThisEvent = useRef(false);
  const [form] = useForm<Record<string, unknown>>({
    id: `editor-${doc}`,
    defaultValue: value as never,
    lastResult: answer?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      markChosenFiles(formData);
      return parseDocument(formData, schema);
    },
    onSubmit(event) {
      event.preventDefault();
      sentThisEvent.current = true;
      if (busy) return;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const body = new FormData(event.currentTarget, submitter);
      body.set(REQUEST_KEY_FIELD, keyFor(body));
      attempt.current = 0;
      void send(body);
    },
  });

  const formRef = useRef<HTMLFormElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  useSaveBarRoom(formRef, barRef);
  const keep = useCallback(
    (withKey: boolean) => {
      if (!formRef.current) return;
      writeKeptDraft(doc, baseVersion, {
        value: formPayload(new FormData(formRef.current)),
        savedAt: new Date().toISOString(),
        ...(withKey ? { requestKey: requestKey.current } : {}),
      });
    },
    [doc, baseVersion],
  );

  // A send that did not get through waits, as typed, and goes again when the browser is back
  // online (and on a capped backoff while the page is open), with the same key.
  useEffect(() => {
    if (!waiting || busy) return;
    keep(true);
    const retry = () => {
      attempt.current += 1;
      if (pending.current) void send(pending.current);
    };
    const timer = setTimeout(retry, retryDelayMs(attempt.current));
    window.addEventListener("online", retry);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("online", retry);
    };
  }, [waiting, busy, send, keep]);

  // A send the site did not take keeps the words on this device, whatever the reason.
  useEffect(() => {
    if (failure || photoFailure) keep(true);
  }, [failure, photoFailure, keep]);

  // After a refused send, the first field in error takes focus.
  const focusFirstError = useCallback(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, []);
  useEffect(() => {
    if (answer?.result?.status === "error") focusFirstError();
  }, [answer, focusFirstError]);
  const [refusedHere, setRefusedHere] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    sentThisEvent.current = false;
    form.onSubmit(event);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    // Conform stops a send its check refused: say so at the top and go to the first field.
    if (sentThisEvent.current) setRefusedHere(false);
    else if (event.defaultPrevented && submitter?.name === ACTION_FIELD && !sentThisEvent.current) {
      setRefusedHere(true);
      requestAnimationFrame(() => requestAnimationFrame(focusFirstError));
    }
  };

  const errorCount = Object.values(form.allErrors).filter((e) => e.length > 0).length;
  const publishAtError = form.allErrors[PUBLISH_AT_FIELD]?.[0];
  const showSummary = errorCount > 0 && (answer?.result?.status === "error" || refusedHere);

  return (
    <FormProvider context={form.context}>
      <form
        {...getFormProps(form)}
        ref={formRef}
        method="post"
        action={adminPath}
        encType="multipart/form-data"
        onSubmit={onSubmit}
        onInput={() => keep(false)}
        // A field reached by Tab stops clear of the sticky buttons (WCAG 2.2 2.4.11): by their
        // measured height (useSaveBarRoom), 12rem before it is known.
        className="space-y-6 [&_*]:scroll-mb-[calc(var(--save-bar-height,11rem)_+_1rem)]"
      >
        {/* Enter in a field saves a draft: never a list's Remove or Move button. */}
        <button type="submit" name={ACTION_FIELD} value="draft" hidden tabIndex={-1} />
        {answer?.conflict ? (
          <ConflictNotice adminPath={adminPath} conflict={answer.conflict} />
        ) : (
          rebased && <RebasedNotice rebased={rebased} />
        )}
        {answer?.message && <Notice tone="error" title={answer.message} />}
        {showSummary && <ErrorSummary fields={fields} errors={form.allErrors} />}
        {/* After a refusal without JavaScript the page shows the live version's number, but the
            form still holds what was built on the older one: it says so, so that a second
            Publish is refused again rather than laid over the newer version unseen. */}
        <input
          type="hidden"
          name={BASE_VERSION_FIELD}
          value={answer?.conflict?.from ?? baseVersion}
        />
        <Fields name="" fields={fields} />
        <div className="rounded-2xl border border-slate-300 p-4">
          <label htmlFor={`${form.id}-publish-at`} className="block font-semibold text-teal-900">
            Publish at <span className="font-normal text-muted">(optional)</span>
          </label>
          <p id={`${form.id}-publish-at-help`} className="mt-0.5 text-sm text-muted">
            Date and time in Lagos (WAT). Leave it empty to publish now.
          </p>
          <input
            id={`${form.id}-publish-at`}
            name={PUBLISH_AT_FIELD}
            type="datetime-local"
            aria-describedby={`${form.id}-publish-at-help${publishAtError ? ` ${form.id}-publish-at-error` : ""}`}
            aria-invalid={publishAtError ? true : undefined}
            className={controlClass}
          />
          {publishAtError && (
            <p id={`${form.id}-publish-at-error`} className="mt-1 font-semibold text-clay-700">
              {publishAtError}
            </p>
          )}
        </div>
        <div
          ref={barRef}
          className="sticky bottom-0 -mx-4 border-t border-slate-300 bg-white/95 px-4 py-3"
        >
          {/* The outcome of a press shows here, beside the buttons, wherever the page is. */}
          <BarOutcome
            photos={photos}
            waiting={waiting}
            failure={failure}
            answer={answer}
            errorCount={showSummary ? errorCount : 0}
            goToFirstError={focusFirstError}
            // Until the next press is answered, the bar says the form now stands on the newer
            // version (the page's own revalidation may have replaced the answer that said so).
            rebasedOnto={!answer || answer.rebased ? rebased?.version : undefined}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" name={ACTION_FIELD} value="publish" className="btn-primary">
              {busy ? "Sending…" : "Publish"}
            </button>
            <button type="submit" name={ACTION_FIELD} value="draft" className="btn-outline">
              Save draft
            </button>
            <button type="submit" name={ACTION_FIELD} value="preview" className="btn-outline">
              Preview
            </button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

function BarOutcome({
  photos,
  waiting,
  failure,
  answer,
  errorCount,
  goToFirstError,
  rebasedOnto,
}: {
  photos: PhotosState | undefined;
  waiting: boolean;
  failure: keyof typeof failureText | undefined;
  answer: EditorActionData | undefined;
  errorCount: number;
  goToFirstError: () => void;
  rebasedOnto: number | undefined;
}) {
  const alertClass =
    "mb-3 rounded-xl border-2 border-clay-700 bg-clay-100 p-3 font-semibold text-clay-700";
  if (photos && !photos.failure) return <PhotoProgressLine photos={photos} />;
  if (photos?.failure?.outcome === "photo-refused")
    return (
      <p role="alert" className={alertClass}>
        Not sent: {photos.failure.message} Your other changes are kept here.
      </p>
    );
  if (waiting)
    return (
      <p
        role="alert"
        className={alertClass.replace(/clay-(100|700)/g, (m) =>
          m === "clay-100" ? "amber-50" : "amber-800",
        )}
      >
        {/* Offline only when the browser says so: a slow line is not called offline. */}
        {typeof navigator !== "undefined" && navigator.onLine === false
          ? "You are offline. Your changes are kept on this device and will be sent when you are back online."
          : "No answer yet: the connection is slow or unsteady. Your changes are kept on this device and will be sent again by themselves."}
      </p>
    );
  if (failure === "signed-out")
    return (
      <p role="alert" className={alertClass}>
        {failureText[failure]}{" "}
        <a href="/admin" className="underline">
          Sign in
        </a>
      </p>
    );
  if (failure)
    return (
      <p role="alert" className={alertClass}>
        {failureText[failure]}
      </p>
    );
  if (answer?.conflict)
    return (
      <p role="alert" className={alertClass}>
        Not published: someone else published first. Your changes are kept here.{" "}
        <a href="#editor-conflict" className="underline">
          See who and what
        </a>
      </p>
    );
  if (answer?.message)
    return (
      <p role="alert" className={alertClass}>
        {answer.message}
      </p>
    );
  if (errorCount > 0)
    return (
      <p role="alert" className={alertClass}>
        Not published: {errorCount === 1 ? "1 field needs" : `${errorCount} fields need`} attention.{" "}
        <button type="button" onClick={goToFirstError} className="underline">
          Go to the first
        </button>
      </p>
    );
  if (rebasedOnto !== undefined)
    return (
      <p
        role="status"
        className="mb-3 rounded-xl border-2 border-teal-700 bg-teal-50 p-3 font-semibold text-teal-900"
      >
        Your changes are now on top of version {rebasedOnto}. Nothing is published yet: check them,
        then press Publish.{" "}
        <a href="#editor-conflict" className="underline">
          See what differs
        </a>
      </p>
    );
  return null;
}

interface PhotosState {
  /** the chosen photos are being scaled down in the browser */
  preparing?: boolean;
  progress?: PhotoProgress;
  failure?: PhotoSendFailure;
}

/**
 * How far the photos have got. Screen readers hear each photo start, not every kilobyte: the
 * live region names the photo, the bar and the megabytes beside it are for the eyes.
 */
function PhotoProgressLine({ photos }: { photos: PhotosState }) {
  const progress = photos.progress;
  const which =
    progress && progress.total > 1 ? `photo ${progress.index} of ${progress.total}` : "photo";
  return (
    <div className="mb-3 rounded-xl border-2 border-teal-900 bg-teal-50 p-3 text-teal-900">
      <p role="status" className="font-semibold">
        {progress ? `Sending ${which}…` : "Preparing your photos…"}
      </p>
      {progress && (
        <>
          <progress
            className="mt-2 h-2 w-full accent-teal-900"
            max={progress.size || 1}
            value={progress.loaded}
            aria-label={`Sending ${which}`}
          />
          <p className="mt-1 text-sm" aria-hidden="true">
            {progressText(progress)}
          </p>
        </>
      )}
    </div>
  );
}

/** What a submission sends, as one string, to tell a repeat from a new submission. */
function submissionFingerprint(body: FormData): string {
  const parts: string[] = [];
  for (const [name, value] of body.entries()) {
    if (name === REQUEST_KEY_FIELD) continue;
    parts.push(
      `${name}=${typeof value === "string" ? value : `${value.name}:${value.size}:${value.lastModified}`}`,
    );
  }
  return JSON.stringify(parts);
}
