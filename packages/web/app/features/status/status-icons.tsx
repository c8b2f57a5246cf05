import type { IconProps } from '../../components/icons.tsx';

/** Icons of the status page beyond the shared set; symmetric, so never mirrored. */
function StatusSvg({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const CrossCircleIcon = (props: IconProps) => (
  <StatusSvg {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m15 9-6 6M9 9l6 6" />
  </StatusSvg>
);
export const WrenchIcon = (props: IconProps) => (
  <StatusSvg {...props}>
    <path d="M14.7 6.3a4 4 0 0 0 5 5L21 13a6 6 0 0 1-7.6 1.4L7 21a2 2 0 0 1-3-3l6.6-6.4A6 6 0 0 1 12 4l1.7 1.3a4 4 0 0 0 1 1z" />
  </StatusSvg>
);
export const DashCircleIcon = (props: IconProps) => (
  <StatusSvg {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12h8" />
  </StatusSvg>
);
export const BookIcon = (props: IconProps) => (
  <StatusSvg {...props}>
    <path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z" />
    <path d="M4 21a2 2 0 0 1 2-2h13v2z" />
  </StatusSvg>
);
export const QuestionIcon = (props: IconProps) => (
  <StatusSvg {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9a2.5 2.5 0 0 1 5 .5c0 1.7-2.5 2-2.5 3.5M12 17h.01" />
  </StatusSvg>
);
