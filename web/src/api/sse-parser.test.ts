import { describe, expect, it } from 'vitest';
import { createSseParser, parseAppEvent, type SseFrame } from './sse-parser';

function collect(chunks: string[]) {
  const frames: SseFrame[] = [];
  const comments: string[] = [];
  const parser = createSseParser({ onFrame: (frame) => frames.push(frame), onComment: (text) => comments.push(text) });
  for (const chunk of chunks) parser.feed(chunk);
  return { frames, comments };
}

describe('createSseParser', () => {
  it('emits a frame at the blank line', () => {
    const { frames } = collect(['data: forceOffline:{"reason":"LOGIN_REPEATED"}\n\n']);
    expect(frames).toEqual([{ event: 'message', data: 'forceOffline:{"reason":"LOGIN_REPEATED"}' }]);
  });

  it('joins multi-line data and keeps event and id', () => {
    const { frames } = collect(['event: job\nid: 7\ndata: a\ndata: b\n\n']);
    expect(frames).toEqual([{ event: 'job', data: 'a\nb', id: '7' }]);
  });

  it('reassembles frames split anywhere across chunks', () => {
    const text = 'data: notice:{"id":1}\n\ndata: notice:{"id":2}\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      const { frames } = collect([text.slice(0, cut), text.slice(cut)]);
      expect(frames.map((frame) => frame.data)).toEqual(['notice:{"id":1}', 'notice:{"id":2}']);
    }
  });

  it('accepts CRLF and CR line breaks, also when a CRLF is split', () => {
    expect(collect(['data: x:1\r\n\r\n']).frames).toHaveLength(1);
    expect(collect(['data: x:1\r\r']).frames).toHaveLength(1);
    const split = collect(['data: x:1\r', '\n\r', '\ndata: y:2\r\n\r\n']);
    expect(split.frames.map((frame) => frame.data)).toEqual(['x:1', 'y:2']);
  });

  it('reports heartbeat comments and emits no frame for them', () => {
    const { frames, comments } = collect([': heartbeat\n\n', ':\n\n']);
    expect(frames).toEqual([]);
    expect(comments).toEqual(['heartbeat', '']);
  });

  it('ignores frames without data, unknown fields, and reads retry', () => {
    const { frames } = collect(['event: ping\n\n', 'foo: bar\nretry: 3000\ndata: a:1\n\n']);
    expect(frames).toEqual([{ event: 'message', data: 'a:1', retry: 3000 }]);
  });

  it('keeps a value without the space after the colon', () => {
    expect(collect(['data:x:1\n\n']).frames[0]?.data).toBe('x:1');
  });
});

describe('parseAppEvent', () => {
  it('splits name:value at the first colon and parses the JSON value', () => {
    expect(parseAppEvent('forceOffline:{"at":"2024-01-01T00:00:00Z"}')).toEqual({
      type: 'forceOffline',
      payload: { at: '2024-01-01T00:00:00Z' },
    });
    expect(parseAppEvent('progress:42')).toEqual({ type: 'progress', payload: 42 });
  });

  it('passes a value that is not JSON on as text, and an empty value as null', () => {
    expect(parseAppEvent('notice:hello: world')).toEqual({ type: 'notice', payload: 'hello: world' });
    expect(parseAppEvent('forceOffline:')).toEqual({ type: 'forceOffline', payload: null });
  });

  it('rejects data without a name', () => {
    expect(parseAppEvent('no colon here')).toBeNull();
    expect(parseAppEvent(':{"a":1}')).toBeNull();
  });
});
