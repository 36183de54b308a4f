/** One choice of a `<select>`: what is sent and what a person reads. */
export interface SelectOption {
  value: string;
  label: string;
}

/** The `<option>`s of a `<select>`, one per choice, in the order given. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
