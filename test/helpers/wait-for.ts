/**
 * Waits until `condition` holds, checking it again every `interval` ms, for at most `timeout` ms:
 * tests wait for what they need, never for a fixed time. `what` names the condition in the error.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  {
    timeout = 5_000,
    interval = 10,
    what = 'the condition',
  }: { timeout?: number; interval?: number; what?: string } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeout} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
