/**
 * A rating as five stars, filled to `value` of 5 (a fraction too: an average of 4.3). With a `label` it is an image
 * read out as it ("4 out of 5 stars"); without one it is decoration beside a text that says the same.
 */
export function Stars({ value, label }: { value: number; label?: string }) {
  const fill = `${Math.round((Math.min(5, Math.max(0, value)) / 5) * 100)}%`;
  return (
    <span className="stars" {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      <span className="stars-on" style={{ width: fill }}>
        ★★★★★
      </span>
      ★★★★★
    </span>
  );
}
