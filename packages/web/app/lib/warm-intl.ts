/**
 * Opens the browser's locale data (ICU) for `tag`: the first Intl call of a page loads it, which takes a long moment
 * on a slow phone, and formatjs makes that call in the middle of hydration (its locale checks), along with the plural
 * rules and lists the page formats. Run before hydration, each step in a task of its own, they make hydration's
 * tasks shorter without making one long task of their own.
 */
export function intlWarmingSteps(tag: string): Array<() => void> {
  return [
    () => Intl.NumberFormat.supportedLocalesOf(tag),
    () => Intl.DateTimeFormat.supportedLocalesOf(tag),
    () => new Intl.PluralRules(tag).select(1),
    () => new Intl.ListFormat(tag, { type: 'disjunction' }).format(['a', 'b']),
  ];
}
