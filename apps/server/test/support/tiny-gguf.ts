import fs from 'node:fs';

/** One scripted answer: after the token `after` ('' for any token no script names), the model says `say`. */
export interface TinyScript {
  after: string;
  /** Token texts in order (each a token of its own; a single character not made a token is its byte token). */
  say: string[];
  /** After the last token: the end of the turn, or the first token again (an answer that never ends). */
  end: 'stop' | 'loop';
}

/**
 * Writes a tiny llama-architecture GGUF model (well under 1 MB) whose answer is scripted: made by the tests, so that
 * the embedded model's real path (node-llama-cpp loading a GGUF file in the worker thread, tokenizing, evaluating,
 * streaming, calling functions, stopping) runs on every machine without downloading weights.
 *
 * How it answers: its layers add nothing (attention and feed-forward outputs are zero), so the next token depends on
 * the last token only (a bigram model). Each token that a script follows from has a one-hot embedding of its own;
 * every other token shares one more direction. The output matrix maps each of those directions to the scripted next
 * token (any other token: the end of the turn), and greedy decoding, node-llama-cpp's default, says the scripts.
 * `answer` is the simple case: whatever the prompt, say these pieces (then stop, or `loop`).
 * `tokens` are more multi-character tokens for the tokenizer (e.g. the prefixes of "assistant\n", so that the
 * chat template's "assistant\n" becomes one token a script can follow from).
 */
export function writeTinyGguf(
  file: string,
  options: { answer: string[]; loop?: boolean } | { scripts: TinyScript[]; tokens?: string[] },
): void {
  const scripts: TinyScript[] =
    'answer' in options
      ? [{ after: '', say: options.answer, end: options.loop ? 'loop' : 'stop' }]
      : options.scripts;
  const extra = 'tokens' in options ? (options.tokens ?? []) : [];
  const piece = (text: string) => text.replaceAll(' ', '\u2581');
  const specials = ['<unk>', '<s>', '</s>', '<|im_start|>', '<|im_end|>'];
  const bytes = Array.from({ length: 256 }, (_, b) => `<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
  const pieces = [...new Set([...extra, ...scripts.flatMap((s) => [s.after, ...s.say])].filter(Boolean))]
    .filter((text) => [...Buffer.from(text, 'utf8')].length > 1)
    .map(piece);
  const tokens = [...specials, ...bytes, ...pieces];
  const types = [2, 3, 3, 3, 3, ...bytes.map(() => 6), ...pieces.map(() => 1)];
  const nVocab = tokens.length;
  const endOfTurn = 4;
  const idOf = (text: string): number => {
    const id = tokens.indexOf(piece(text));
    if (id >= 0) return id;
    const utf8 = Buffer.from(text, 'utf8');
    if (utf8.length === 1) return specials.length + (utf8[0] as number);
    throw new Error(`no token for ${JSON.stringify(text)}`);
  };

  // The next token of each token a script follows from ('other': any other token).
  const next = new Map<number | 'other', number>();
  const follow = (from: number | 'other', to: number) => {
    if (next.has(from)) throw new Error(`two scripted tokens after ${String(from)}`);
    next.set(from, to);
  };
  for (const script of scripts) {
    const said = script.say.map(idOf);
    follow(script.after ? idOf(script.after) : 'other', said[0] as number);
    said.forEach((id, i) => {
      if (i + 1 < said.length) follow(id, said[i + 1] as number);
    });
    follow(said.at(-1) as number, script.end === 'loop' ? (said[0] as number) : endOfTurn);
  }
  if (!next.has('other')) next.set('other', endOfTurn);
  const nEmbd = 64;
  const directions = [...next.keys()];
  if (directions.length > nEmbd) throw new Error(`at most ${nEmbd} scripted tokens`);
  const directionOf = (t: number) => {
    const d = directions.indexOf(t);
    return d >= 0 ? d : directions.indexOf('other');
  };

  const nFf = 128;
  const embeddings = new Float32Array(nEmbd * nVocab);
  for (let t = 0; t < nVocab; t++) embeddings[t * nEmbd + directionOf(t)] = 1;
  const scale = 10;
  const output = new Float32Array(nEmbd * nVocab);
  directions.forEach((from, d) => {
    output[(next.get(from) as number) * nEmbd + d] = scale;
  });

  const ones = new Float32Array(nEmbd).fill(1);
  const tensors: { name: string; dims: number[]; data: Float32Array }[] = [
    { name: 'token_embd.weight', dims: [nEmbd, nVocab], data: embeddings },
    { name: 'output_norm.weight', dims: [nEmbd], data: ones },
    { name: 'output.weight', dims: [nEmbd, nVocab], data: output },
    { name: 'blk.0.attn_norm.weight', dims: [nEmbd], data: ones },
    { name: 'blk.0.attn_q.weight', dims: [nEmbd, nEmbd], data: new Float32Array(nEmbd * nEmbd) },
    { name: 'blk.0.attn_k.weight', dims: [nEmbd, nEmbd], data: new Float32Array(nEmbd * nEmbd) },
    { name: 'blk.0.attn_v.weight', dims: [nEmbd, nEmbd], data: new Float32Array(nEmbd * nEmbd) },
    { name: 'blk.0.attn_output.weight', dims: [nEmbd, nEmbd], data: new Float32Array(nEmbd * nEmbd) },
    { name: 'blk.0.ffn_norm.weight', dims: [nEmbd], data: ones },
    { name: 'blk.0.ffn_gate.weight', dims: [nEmbd, nFf], data: new Float32Array(nEmbd * nFf) },
    { name: 'blk.0.ffn_up.weight', dims: [nEmbd, nFf], data: new Float32Array(nEmbd * nFf) },
    { name: 'blk.0.ffn_down.weight', dims: [nFf, nEmbd], data: new Float32Array(nFf * nEmbd) },
  ];

  const chatTemplate =
    "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}" +
    "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";
  const metadata: [string, Value][] = [
    ['general.architecture', str('llama')],
    ['general.name', str('obra-tiny-test')],
    ['general.license', str('MIT')],
    ['llama.context_length', u32(16384)],
    ['llama.embedding_length', u32(nEmbd)],
    ['llama.block_count', u32(1)],
    ['llama.feed_forward_length', u32(nFf)],
    ['llama.attention.head_count', u32(2)],
    ['llama.attention.head_count_kv', u32(2)],
    ['llama.attention.layer_norm_rms_epsilon', f32(1e-5)],
    ['llama.rope.dimension_count', u32(nEmbd / 2)],
    ['llama.vocab_size', u32(nVocab)],
    ['tokenizer.ggml.model', str('llama')],
    ['tokenizer.ggml.tokens', { type: 'strings', value: tokens }],
    ['tokenizer.ggml.scores', { type: 'f32s', value: tokens.map(() => 0) }],
    ['tokenizer.ggml.token_type', { type: 'i32s', value: types }],
    ['tokenizer.ggml.bos_token_id', u32(1)],
    ['tokenizer.ggml.eos_token_id', u32(endOfTurn)],
    ['tokenizer.ggml.unknown_token_id', u32(0)],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
    ['tokenizer.ggml.add_space_prefix', { type: 'bool', value: false }],
    ['tokenizer.chat_template', str(chatTemplate)],
  ];

  const parts: Buffer[] = [];
  const header = Buffer.alloc(24);
  header.write('GGUF', 0, 'latin1');
  header.writeUInt32LE(3, 4);
  header.writeBigUInt64LE(BigInt(tensors.length), 8);
  header.writeBigUInt64LE(BigInt(metadata.length), 16);
  parts.push(header);
  for (const [key, value] of metadata) parts.push(ggufString(key), encodeValue(value));
  const alignment = 32;
  let offset = 0;
  for (const tensor of tensors) {
    const info = Buffer.alloc(4 + 8 * tensor.dims.length + 4 + 8);
    info.writeUInt32LE(tensor.dims.length, 0);
    tensor.dims.forEach((d, i) => info.writeBigUInt64LE(BigInt(d), 4 + 8 * i));
    info.writeUInt32LE(0, 4 + 8 * tensor.dims.length); // GGML_TYPE_F32
    info.writeBigUInt64LE(BigInt(offset), 8 + 8 * tensor.dims.length);
    parts.push(ggufString(tensor.name), info);
    offset += align(tensor.data.byteLength, alignment);
  }
  const headerLength = parts.reduce((n, b) => n + b.length, 0);
  parts.push(Buffer.alloc(align(headerLength, alignment) - headerLength));
  for (const tensor of tensors) {
    const data = Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength);
    parts.push(data, Buffer.alloc(align(data.length, alignment) - data.length));
  }
  fs.writeFileSync(file, Buffer.concat(parts));
}

type Value =
  | { type: 'u32'; value: number }
  | { type: 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'strings'; value: string[] }
  | { type: 'f32s'; value: number[] }
  | { type: 'i32s'; value: number[] };

const u32 = (value: number): Value => ({ type: 'u32', value });
const f32 = (value: number): Value => ({ type: 'f32', value });
const str = (value: string): Value => ({ type: 'string', value });

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}

function ggufString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(bytes.length));
  return Buffer.concat([length, bytes]);
}

// GGUF value types: UINT32 4, INT32 5, FLOAT32 6, BOOL 7, STRING 8, ARRAY 9.
function encodeValue(value: Value): Buffer {
  const typed = (type: number, body: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32LE(type);
    return Buffer.concat([head, body]);
  };
  const array = (elementType: number, count: number, body: Buffer) => {
    const head = Buffer.alloc(12);
    head.writeUInt32LE(elementType, 0);
    head.writeBigUInt64LE(BigInt(count), 4);
    return typed(9, Buffer.concat([head, body]));
  };
  switch (value.type) {
    case 'u32': {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(value.value);
      return typed(4, b);
    }
    case 'f32': {
      const b = Buffer.alloc(4);
      b.writeFloatLE(value.value);
      return typed(6, b);
    }
    case 'bool':
      return typed(7, Buffer.from([value.value ? 1 : 0]));
    case 'string':
      return typed(8, ggufString(value.value));
    case 'strings':
      return array(8, value.value.length, Buffer.concat(value.value.map(ggufString)));
    case 'f32s': {
      const b = Buffer.alloc(4 * value.value.length);
      value.value.forEach((v, i) => b.writeFloatLE(v, 4 * i));
      return array(6, value.value.length, b);
    }
    case 'i32s': {
      const b = Buffer.alloc(4 * value.value.length);
      value.value.forEach((v, i) => b.writeInt32LE(v, 4 * i));
      return array(5, value.value.length, b);
    }
  }
}
