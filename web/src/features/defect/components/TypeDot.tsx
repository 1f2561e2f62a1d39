/** A defect type's marker colour as a dot beside its name. */
export function TypeDot({ color }: { color: string | undefined }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        background: color ?? 'transparent',
        border: '1px solid rgba(127, 127, 127, 0.5)',
        flex: 'none',
      }}
    />
  );
}
