// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/Toaster";
import { TOAST_DURATION_MS, resetToasts, toast } from "~/lib/toast-store";

describe("<Toaster>", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    resetToasts();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows one toast at a time in a polite status region", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Sending your message..." });
    });
    expect(screen.getByText("Sending your message...")).toBeTruthy();
    act(() => {
      toast({ title: "Message sent successfully! We will get back to you shortly." });
    });
    expect(screen.queryByText("Sending your message...")).toBeNull();
    // Radix announces each toast through a role=status, aria-live=polite element.
    act(() => {
      vi.advanceTimersByTime(50);
    });
    const announcement = screen
      .getAllByRole("status")
      .find((el) => el.textContent?.includes("Message sent successfully!"));
    expect(announcement?.getAttribute("aria-live")).toBe("polite");
    expect(screen.getByRole("region", { name: /Notification/ })).toBeTruthy();
  });

  it("marks the destructive variant", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Failed to save to CRM (HubSpot).", variant: "destructive" });
    });
    const item = screen.getByText("Failed to save to CRM (HubSpot).").closest("li");
    expect(item?.getAttribute("data-variant")).toBe("destructive");
  });

  it("closes after 5000 ms", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Form cleared!" });
    });
    const item = screen.getByText("Form cleared!").closest("li")!;
    expect(item.getAttribute("data-state")).toBe("open");
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS + 50);
    });
    expect(
      screen.queryByText("Form cleared!")?.closest("li")?.getAttribute("data-state") ?? "closed",
    ).toBe("closed");
  });

  it("F8 moves focus to the notifications region", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Booking Complete!" });
    });
    fireEvent.keyDown(document, { key: "F8", code: "F8" });
    const viewport = screen.getByRole("region", { name: /Notification/ }).querySelector("ol");
    expect(document.activeElement).toBe(viewport);
  });

  it("the close button dismisses it", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Complete Booking on the Popup" });
    });
    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));
    expect(
      screen
        .queryByText("Complete Booking on the Popup")
        ?.closest("li")
        ?.getAttribute("data-state") ?? "closed",
    ).toBe("closed");
  });
});
