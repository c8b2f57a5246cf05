/** The Quire mark: a folded sheet. Decorative; the link around it carries the name. */
export function LogoMark({ className = '' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M10 7h8.5L23 11.5V24a1 1 0 0 1-1 1H10a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z" fill="#fff" />
      <path d="M18.5 7v4.5H23" fill="#c7d2fe" />
      <path d="M12.5 16h7M12.5 19.5h7" stroke="#4f46e5" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
