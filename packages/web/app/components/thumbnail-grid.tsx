export type Thumbnail = {
  readonly url: string;
  readonly page: number;
  /** Clockwise turn to show, in degrees (0 when the page stays as it is). */
  readonly degrees: number;
  readonly alt: string;
};

type ThumbnailGridProps = {
  readonly heading: string;
  readonly description: string;
  readonly thumbnails: readonly Thumbnail[];
  /** Pages still being drawn, shown as placeholders. */
  readonly pendingCount: number;
};

/** Page images in square frames, each turned with a CSS rotation (a turned page still fits its frame). */
export function ThumbnailGrid({ heading, description, thumbnails, pendingCount }: ThumbnailGridProps) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-slate-50 p-4" data-testid="rotate-preview">
      <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
      <p className="mt-1 text-xs text-slate-600">{description}</p>
      <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-6">
        {thumbnails.map((thumbnail) => (
          <li key={thumbnail.page} className="flex flex-col items-center gap-1">
            <span className="flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg bg-white p-1 shadow-sm">
              <img
                src={thumbnail.url}
                alt={thumbnail.alt}
                data-testid="rotate-thumbnail"
                data-degrees={thumbnail.degrees}
                style={{ transform: `rotate(${thumbnail.degrees}deg)` }}
                className="max-h-full max-w-full border border-slate-200 transition-transform duration-300 motion-reduce:transition-none"
              />
            </span>
            <span aria-hidden="true" className="text-xs text-slate-500 tabular-nums">
              {thumbnail.page}
            </span>
          </li>
        ))}
        {Array.from({ length: pendingCount }, (_, index) => (
          <li key={`pending-${index}`} aria-hidden="true" className="flex flex-col items-center gap-1">
            <span className="aspect-square w-full animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />
          </li>
        ))}
      </ul>
    </section>
  );
}
