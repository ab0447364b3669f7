import { createParser } from 'eventsource-parser';

/**
 * An OpenAI-compatible chat-completions client that streams (server-sent events). Only `fetch` is needed;
 * the endpoint, model and key come from LLM_BASE_URL, LLM_MODEL and LLM_API_KEY.
 */
export interface LlmSettings {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

export async function* streamChat(s: LlmSettings, prompt: string, signal?: AbortSignal): AsyncGenerator<string> {
  const timeout = AbortSignal.timeout(s.timeoutMs);
  const res = await fetch(`${s.baseUrl.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {}) },
    body: JSON.stringify({ model: s.model, stream: true, temperature: 0, messages: [{ role: 'user', content: prompt }] }),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!res.ok || !res.body) throw new Error(`LLM endpoint answered ${res.status} ${res.statusText}`);
  // Server-sent events are parsed by eventsource-parser (multi-line data, comments, CRLF, events split across chunks).
  const deltas: string[] = [];
  let finished = false;
  const parser = createParser({
    onEvent: (e) => {
      if (e.data === '[DONE]') {
        finished = true;
        return;
      }
      const delta = (JSON.parse(e.data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content;
      if (delta) deltas.push(delta);
    },
  });
  const decoder = new TextDecoder();
  for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
    parser.feed(decoder.decode(part, { stream: true }));
    yield* deltas.splice(0);
    if (finished) return;
  }
}
