/** A Hidden Thread story's day, from its address: "day-3" is Day 3. */
export function storyDay(id: string): number {
  return Number(/^day-(\d+)$/.exec(id)?.[1] ?? 0);
}
