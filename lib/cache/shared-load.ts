/**
 * One load served to many requests. A promise keeps the async context it was made in (Node's
 * AsyncLocalStorage stores each store on the promise), so a cache that kept a load's promise kept
 * the request that happened to make it (its response, its rendered page) for as long as the entry
 * lived: thousands of requests on a busy server, until its heap ran out. Once the load has
 * succeeded only its value is kept, and each caller gets a promise of its own.
 */
export class SharedLoad<T> {
  private state: { settled: false; pending: Promise<T> } | { settled: true; value: T };

  constructor(load: Promise<T>) {
    this.state = { settled: false, pending: load };
    load.then(
      (value) => {
        this.state = { settled: true, value };
      },
      () => {}, // the caller's own promise carries the failure; caches drop a failed entry
    );
  }

  /** The load has succeeded. */
  get loaded(): boolean {
    return this.state.settled;
  }

  get(): Promise<T> {
    return this.state.settled ? Promise.resolve(this.state.value) : this.state.pending;
  }
}
