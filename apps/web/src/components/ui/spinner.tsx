/** A busy indicator that screen readers announce politely. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700 motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}
