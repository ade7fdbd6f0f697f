/** The browser's EventSource, played by the test: it records what was opened and lets the test send events. */
export class TestEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: TestEventSource[] = [];
  readyState = TestEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    TestEventSource.opened.push(this);
  }

  close() {
    this.readyState = TestEventSource.CLOSED;
  }

  open() {
    this.readyState = TestEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  send(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  refuse() {
    this.readyState = TestEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
}
