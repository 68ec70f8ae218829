/** The practice's mark: two hearts joined by one thread. Decorative; the name is text beside it. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className={className}>
      <circle cx="20" cy="20" r="20" fill="#1d4d4a" />
      <path
        d="M14.5 13.5c-2.6 0-4.5 2-4.5 4.5 0 4.8 6.4 8.6 8 9.6 0 0 .6-.4 1.4-1M25.5 13.5c2.6 0 4.5 2 4.5 4.5 0 4.8-6.4 8.6-8 9.6-1.6-1-8-4.8-8-9.6"
        fill="none"
        stroke="#fbf7f2"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M14.5 13.5c1.9 0 3.4 1.1 4.2 2.7.4.8 1.2.8 1.6 0 .8-1.6 2.3-2.7 4.2-2.7"
        fill="none"
        stroke="#d9a441"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
