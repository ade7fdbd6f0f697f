import { expect } from 'vitest';

export interface SseMessage {
  event?: string;
  data?: string;
}

/** Reads a Server-Sent Events stream message by message, as EventSource would (comments and retry lines skipped). */
export function sseReader(response: Response) {
  if (!response.body) throw new Error('no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next(timeoutMs = 5_000): Promise<SseMessage | 'closed'> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = {};
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) message.event = line.slice(7);
            if (line.startsWith('data: ')) message.data = line.slice(6);
          }
          if (message.event || message.data) return message;
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no event within ${timeoutMs} ms`)), left))),
        ]);
        clearTimeout(timer);
        if (chunk.done) return 'closed';
        buffer += chunk.value;
      }
    },
    async nextRun() {
      const message = await this.next();
      if (message === 'closed') throw new Error('the stream closed');
      expect(message.event).toBe('run');
      return JSON.parse(message.data ?? '') as { runId: string; taskId: string; status: string };
    },
    close: () => reader.cancel(),
  };
}
