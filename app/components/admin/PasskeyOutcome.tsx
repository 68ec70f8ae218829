/**
 * What a passkey button's press came to, beside the button and announced (a live region that is
 * on the page from the start, so the first message is read out too).
 */
export function PasskeyOutcome({
  id,
  shown,
}: {
  id: string;
  shown: { text: string; problem: boolean } | undefined | false;
}) {
  return (
    <div id={id} role="status" className="mt-3 min-h-6">
      {shown && (
        <p
          className={shown.problem ? "font-semibold text-clay-700" : "font-semibold text-teal-900"}
        >
          {shown.text}
        </p>
      )}
    </div>
  );
}
