/**
 * Opens the browser's locale data (ICU) for `tag`: the first Intl call of a page loads it, which takes a long moment
 * on a slow phone, and formatjs makes that call in the middle of hydration (its locale checks), along with the plural
 * rules and lists the page formats. Called in a task of its own before hydration, it makes that task shorter.
 */
export function warmIntl(tag: string): void {
  Intl.NumberFormat.supportedLocalesOf(tag);
  Intl.DateTimeFormat.supportedLocalesOf(tag);
  new Intl.PluralRules(tag).select(1);
  new Intl.ListFormat(tag, { type: 'disjunction' }).format(['a', 'b']);
}
