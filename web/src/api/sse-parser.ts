/**
 * A parser for the text/event-stream format (WHATWG HTML, "Parsing an event stream").
 * Written here rather than taken from a library because the stream needs the Authorization header,
 * which EventSource cannot send, and our needs stop at frames: reconnection and the 600 s silence
 * rule live in event-stream.ts.
 */
export interface SseFrame {
  event: string;
  data: string;
  id?: string;
  retry?: number;
}

export interface SseParser {
  /** Feeds decoded text; frames are emitted as their terminating blank line arrives. */
  feed(chunk: string): void;
}

export function createSseParser(handlers: {
  onFrame: (frame: SseFrame) => void;
  onComment?: (text: string) => void;
}): SseParser {
  let buffer = '';
  let dataLines: string[] = [];
  let event = '';
  let id: string | undefined;
  let retry: number | undefined;
  // A chunk can end between the \r and \n of one line break.
  let skipLeadingNewline = false;

  const dispatch = () => {
    if (dataLines.length > 0) {
      const frame: SseFrame = { event: event || 'message', data: dataLines.join('\n') };
      if (id !== undefined) frame.id = id;
      if (retry !== undefined) frame.retry = retry;
      handlers.onFrame(frame);
    }
    dataLines = [];
    event = '';
    retry = undefined;
  };

  const processLine = (line: string) => {
    if (line === '') {
      dispatch();
      return;
    }
    if (line.startsWith(':')) {
      handlers.onComment?.(line.slice(1).trimStart());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        dataLines.push(value);
        break;
      case 'event':
        event = value;
        break;
      case 'id':
        if (!value.includes('\0')) id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retry = Number(value);
        break;
      default:
        // Unknown fields are ignored, as the format says.
        break;
    }
  };

  return {
    feed(chunk) {
      let text = chunk;
      if (skipLeadingNewline && text.startsWith('\n')) text = text.slice(1);
      skipLeadingNewline = false;
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index++) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        processLine(buffer.slice(start, index));
        if (char === '\r') {
          if (index + 1 === buffer.length) skipLeadingNewline = true;
          else if (buffer[index + 1] === '\n') index++;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
  };
}

/** An application event: the server sends `name:value` with a JSON value (ARCHITECTURE section 3, Events). */
export interface AppEvent {
  type: string;
  payload: unknown;
}

export function parseAppEvent(data: string): AppEvent | null {
  const colon = data.indexOf(':');
  if (colon <= 0) return null;
  const type = data.slice(0, colon).trim();
  if (!type) return null;
  const raw = data.slice(colon + 1);
  if (raw.trim() === '') return { type, payload: null };
  try {
    return { type, payload: JSON.parse(raw) as unknown };
  } catch {
    // A value that is not JSON is passed on as text rather than dropped.
    return { type, payload: raw };
  }
}
