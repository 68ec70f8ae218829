import { and, eq, isNotNull, lt } from "drizzle-orm";
import {
  type RequestedTime,
  checkRequestedTime,
  timeProblemMessage,
} from "../../app/lib/bookings/check-requested-time";
import { formatLagosSession } from "../../app/lib/bookings/format-lagos-time";
import { MINUTE_MS, parseLagosDateTime } from "../../app/lib/bookings/lagos-time";
import { bookingSchema } from "../../app/lib/forms/schemas";
import type {
  BookingRequest,
  BookingResult,
  Counsellor,
  SessionType,
} from "../../app/lib/services/bookings";
import type { SubmitMeta } from "../../app/lib/services/forms";
import { describeDatabaseError } from "../db/errors";
import { appointments, idempotencyKeys, submissions } from "../db/schema";
import { RepeatedPost, type StoredKey, findKey, saveAnswer } from "../visitors/idempotency";
import { type Admission, admitPost, insertSubmission, postKeyHash } from "../visitors/intake";
import {
  type Availability,
  availability,
  catalogueOf,
  chosenCounsellors,
  nearestStarts,
} from "./availability";
import type { BookingsDeps } from "./deps";
import { isTimeTaken } from "./refusals";
import { HOLD_MINUTES, clearExpiredHolds, insertHoldOrder, startHoldPayment } from "./pay";
import { bookingTokenHash, changeLinkPath, newBookingToken, tokenOfChangeLink } from "./tokens";
import { bookingView } from "./views";

/** What a visitor sees when another booking won the time (issue 42). */
export const TIME_TAKEN = "That time was just taken. Please choose another.";

/** Paystack did not start the payment of a session paid when booking; the time was let go. */
export const PAYMENT_NOT_STARTED =
  "We could not start your payment just now, so the time is not booked. Please try again in a moment, or call us to book.";

/** A repeat of a post whose hold ended unpaid: the time is free for anyone again. */
export const HOLD_ENDED = `We held that time for ${HOLD_MINUTES} minutes while you paid, and it has been released. Please choose a time again.`;

type Refused = Extract<BookingResult, { status: "refused" }>;

const refused = (field: Refused["field"], message: string, nearest: number[] = []): Refused => ({
  status: "refused",
  field,
  message,
  nearest,
});

/**
 * Books a session: the request is checked against the same grid the free times offer, then the
 * submission (the visitor's details, for the inbox and the outbox), the appointment and the
 * idempotency key are written in one transaction, which the database's exclusion constraint lets
 * only one booking of a time survive (docs/decisions/042). Bad input is a refusal at its field,
 * never a throw.
 */
export async function bookSession(
  deps: BookingsDeps,
  request: BookingRequest,
  meta: SubmitMeta,
  now: number,
): Promise<BookingResult> {
  const { logger } = deps;
  const catalogue = catalogueOf(deps);
  const sessionType = catalogue.sessionTypes.find((t) => t.id === request.sessionTypeId);
  if (!sessionType)
    return refused("sessionTypeId", "Please choose a type of session from the list.");
  const chosen = chosenCounsellors(catalogue.counsellors, request.counsellorId);
  if (!chosen?.length) return refused("counsellorId", "Please choose a counsellor from the list.");
  const contact = bookingSchema.safeParse({
    name: request.name,
    email: request.email,
    phone: request.phone,
  });
  if (!contact.success) {
    const issue = contact.error.issues[0]!;
    const field = issue.path[0];
    return refused(field === "email" || field === "phone" ? field : "name", issue.message);
  }
  if (parseLagosDateTime(request.time) === undefined) {
    return refused("time", "Please choose a date and time from the list.");
  }
  const content = {
    sessionTypeId: sessionType.id,
    counsellorId: request.counsellorId,
    time: request.time,
    ...contact.data,
  };
  const keyHash = postKeyHash("booking", meta, content);

  let admission: Admission;
  let found: Availability;
  try {
    admission = await admitPost(deps, "booking", meta, keyHash);
    // A repeat is answered before its time is checked: its own booking has taken it since.
    if (admission.status === "repeat") return await repeatAnswer(deps, admission.seen, now);
    if (admission.status === "rate-limited") return admission;
    found = await availability(deps, deps.db, { sessionType, counsellors: chosen, now });
  } catch (error) {
    logger.error({ form: "booking", err: describeDatabaseError(error) }, "could not book");
    return { status: "unavailable" };
  }

  const checks = chosen.map((counsellor) => {
    const plan = found.plans.get(counsellor.id)!;
    return {
      counsellor,
      plan,
      check: checkRequestedTime(
        { counsellorId: counsellor.id, time: request.time },
        [plan.diary],
        plan.rules,
        now,
      ),
    };
  });
  const candidates = checks.filter((c) => c.check.ok);
  if (candidates.length === 0) {
    // "First available": a time on the grid that every counsellor has taken is "no longer free";
    // otherwise the first counsellor's reason (the hours are usually everyone's).
    const problems = checks.map((c) => ({
      rules: c.plan.rules,
      check: c.check as Extract<RequestedTime, { ok: false }>,
    }));
    const shown = problems.find((p) => p.check.problem === "unavailable") ?? problems[0]!;
    const start = parseLagosDateTime(request.time)!;
    return refused(
      "time",
      refusalMessage(shown.check, shown.rules),
      nearestStarts(found.times, start),
    );
  }

  const held = admission.held;
  // A session paid when booking is held while the visitor pays (server/bookings/pay.ts).
  const pay = sessionType.payAtBooking;
  for (const { counsellor, plan, check } of candidates) {
    if (!check.ok) continue;
    const token = newBookingToken();
    try {
      const payload = bookingPayload(content, sessionType, counsellor, check, meta);
      const booked = await deps.db.transaction(async (tx) => {
        await clearExpiredHolds(tx, counsellor.id, now);
        const stored = await insertSubmission(tx, {
          kind: "booking",
          payload,
          keyHash,
          answer: keyHash && !pay ? { url: changeLinkPath(token) } : undefined,
          // An unpaid hold is sent nowhere: its e-mails are queued when it is paid.
          destinations: pay ? [] : deps.destinations,
          held,
        });
        const order = pay
          ? await insertHoldOrder(tx, {
              sessionType,
              counsellor,
              start: check.start,
              end: check.end,
              contact: contact.data,
              now,
            })
          : undefined;
        const [row] = await tx
          .insert(appointments)
          .values({
            submissionId: stored.id,
            counsellorId: counsellor.id,
            sessionType: sessionType.id,
            status: order ? "held" : "booked",
            startsAt: new Date(check.start),
            endsAt: new Date(check.end),
            blockedUntil: new Date(check.end + plan.rules.bufferMinutes * MINUTE_MS),
            holdExpiresAt: order?.holdExpiresAt,
            paymentReference: order?.reference,
            tokenHash: order ? null : bookingTokenHash(token),
            source: "site",
          })
          .returning();
        if (!order) {
          await deps.queueBookingMails?.(tx, {
            appointmentId: row!.id,
            event: { kind: "booked", token },
            now,
            held,
          });
        }
        return { row: row!, submissionId: stored.id, order };
      });
      logger.info(
        { form: "booking", submission: booked.submissionId, appointment: booked.row.id, held },
        booked.order
          ? "booking held for payment"
          : held
            ? "booking stored, delivery held (flood)"
            : "booking stored",
      );
      if (booked.order) {
        const started = await startHoldPayment(deps, {
          appointmentId: booked.row.id,
          orderId: booked.order.orderId,
          reference: booked.order.reference,
          email: contact.data.email,
          amountKobo: booked.order.amountKobo,
          sessionTypeId: sessionType.id,
          keyHash,
        });
        if (!started.ok) return refused("time", PAYMENT_NOT_STARTED);
        if (keyHash) {
          await saveAnswer(deps.db, keyHash, { url: started.authorizationUrl }).catch(() => {});
        }
        return { status: "pay", authorizationUrl: started.authorizationUrl };
      }
      deps.outbox.wake();
      await forgetOldTokens(deps);
      return {
        status: "booked",
        token,
        booking: bookingView(booked.row, payload, catalogue, now),
      };
    } catch (error) {
      if (error instanceof RepeatedPost && keyHash) {
        const seen = await findKey(deps.db, keyHash).catch(() => undefined);
        if (seen) return repeatAnswer(deps, seen, now);
      }
      if (isTimeTaken(error)) continue;
      logger.error({ form: "booking", err: describeDatabaseError(error) }, "could not book");
      return { status: "unavailable" };
    }
  }

  // Every counsellor free at that time was booked by someone else a moment ago.
  logger.info({ form: "booking" }, "booking refused: time just taken");
  const start = candidates[0]!.check.ok ? (candidates[0]!.check as { start: number }).start : 0;
  try {
    const fresh = await availability(deps, deps.db, { sessionType, counsellors: chosen, now });
    return refused("time", TIME_TAKEN, nearestStarts(fresh.times, start));
  } catch {
    return refused("time", TIME_TAKEN, nearestStarts(found.times, start));
  }
}

/**
 * Why a time cannot be had, in the visitor's words. A time on the grid that something now covers
 * was free when the page was drawn: another booking won it, whether it is found by the check or
 * by the constraint, so both say the same.
 */
export function refusalMessage(
  check: Extract<RequestedTime, { ok: false }>,
  rules: Parameters<typeof timeProblemMessage>[1],
): string {
  return check.problem === "unavailable" ? TIME_TAKEN : timeProblemMessage(check, rules);
}

function bookingPayload(
  content: { sessionTypeId: string; counsellorId: string; time: string } & Record<string, string>,
  sessionType: SessionType,
  counsellor: Counsellor,
  check: { start: number; end: number },
  meta: SubmitMeta,
): Record<string, string> {
  return {
    ...content,
    counsellorId: counsellor.id,
    sessionType: sessionType.name,
    counsellor: counsellor.name,
    place: sessionType.place,
    start: formatLagosSession(check.start, check.end),
    pageUri: meta.pageUri,
    pageName: meta.pageName,
  };
}

/**
 * How long a repeated post can still be answered with its token: long enough for a double tap, a
 * retry after a dead zone or a resent form. After it the token is only in the confirmation e-mail.
 */
export const REPEAT_TOKEN_MS = 60 * 60_000;

/**
 * Clears the tokens kept for repeats once their hour is over (amendment of decision 042), after a
 * booking has committed and outside its transaction, so concurrent bookings never wait on it. If it
 * fails, the next booking clears them.
 */
async function forgetOldTokens(deps: BookingsDeps): Promise<void> {
  try {
    await deps.db
      .update(idempotencyKeys)
      .set({ answer: null })
      .where(
        and(
          eq(idempotencyKeys.kind, "booking"),
          isNotNull(idempotencyKeys.answer),
          lt(idempotencyKeys.createdAt, new Date(Date.now() - REPEAT_TOKEN_MS)),
        ),
      );
  } catch (error) {
    deps.logger.warn({ err: describeDatabaseError(error) }, "could not clear repeat tokens");
  }
}

/**
 * The first post's booking, with the token it was given, for a repeat of the same post; after the
 * hour of REPEAT_TOKEN_MS, without it (the page then points to the confirmation e-mail).
 */
async function repeatAnswer(
  deps: BookingsDeps,
  seen: StoredKey,
  now: number,
): Promise<BookingResult> {
  const token = tokenOfChangeLink(seen.answer?.url);
  if (seen.submissionId == null) return { status: "unavailable" };
  const [found] = await deps.db
    .select({ row: appointments, payload: submissions.payload })
    .from(appointments)
    .innerJoin(submissions, eq(submissions.id, appointments.submissionId))
    .where(eq(appointments.submissionId, seen.submissionId));
  if (!found) return { status: "unavailable" };
  if (found.row.paymentReference && found.row.status !== "booked") {
    return repeatOfHold(deps, seen, found.row, now);
  }
  deps.logger.info(
    { form: "booking", submission: seen.submissionId },
    "repeated post answered from its first",
  );
  return {
    status: "booked",
    ...(token ? { token } : {}),
    booking: bookingView(found.row, found.payload, catalogueOf(deps), now),
  };
}

/**
 * A repeat of a post that held a time for payment: back to the same Paystack page while the hold
 * lasts; once it has ended unpaid, a refusal, and the key is let go so that the same form, sent
 * again, holds the time afresh if it is still free.
 */
async function repeatOfHold(
  deps: BookingsDeps,
  seen: StoredKey,
  row: { status: string; holdExpiresAt: Date | null },
  now: number,
): Promise<BookingResult> {
  const live = row.status === "held" && (row.holdExpiresAt?.getTime() ?? 0) > now;
  if (live && seen.answer?.url && !tokenOfChangeLink(seen.answer.url)) {
    return { status: "pay", authorizationUrl: seen.answer.url };
  }
  await deps.db
    .delete(idempotencyKeys)
    .where(eq(idempotencyKeys.key, seen.key))
    .catch(() => {});
  return refused("time", live ? PAYMENT_NOT_STARTED : HOLD_ENDED);
}
