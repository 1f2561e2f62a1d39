/**
 * The triangles of one glTF 2.0 asset (a .glb, a .gltf with its buffers, or a b3dm's body), each primitive with its
 * node's world matrix. Draco and meshopt compression are decoded by gltf-transform's own extensions, quantized
 * positions (KHR_mesh_quantization) are de-quantized by its accessors. Points and lines are skipped.
 */
import { type Document, type JSONDocument, Logger, NodeIO, Primitive } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { createRequire } from 'node:module';

// draco3dgltf is CommonJS without types; only its decoder factory is used, and gltf-transform drives it.
const draco3d = createRequire(import.meta.url)('draco3dgltf') as { createDecoderModule(): Promise<unknown> };

/** Triangles in the asset's own frame: `matrix` (column-major, glTF world matrix) places them in the scene. */
export interface TrianglePiece {
  readonly positions: Float32Array;
  /** Three vertex indices per triangle. */
  readonly indices: Uint32Array;
  readonly matrix: readonly number[];
}

let io: Promise<NodeIO> | undefined;

/** One reader per thread: the Draco decoder is a WebAssembly module worth instantiating once. */
function gltfIO(): Promise<NodeIO> {
  io ??= (async () => {
    await MeshoptDecoder.ready;
    // Warnings (an extension of no use to geometry, say) would only fill the server's log.
    return new NodeIO()
      .setLogger(new Logger(Logger.Verbosity.ERROR))
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({
        'draco3d.decoder': await draco3d.createDecoderModule(),
        'meshopt.decoder': MeshoptDecoder,
      });
  })();
  return io;
}

const GLB_MAGIC = 0x46546c67;

/** The `CESIUM_RTC` centre of a glTF 1.0-era extension, read before gltf-transform drops the unknown extension. */
function rtcCenter(json: JSONDocument['json']): [number, number, number] | null {
  const center = (json.extensions?.CESIUM_RTC as { center?: unknown } | undefined)?.center;
  return Array.isArray(center) && center.length === 3 && center.every((value) => typeof value === 'number')
    ? (center as [number, number, number])
    : null;
}

const without = (names: string[] | undefined, name: string) => names?.filter((other) => other !== name);

/**
 * Only geometry is read: images, textures and materials would need their own files for nothing. CESIUM_RTC, read
 * above, is taken off the extension lists, since gltf-transform knows no such extension.
 */
function geometryOnly(json: JSONDocument['json']): JSONDocument['json'] {
  const meshes = json.meshes?.map((mesh) => ({
    ...mesh,
    primitives: mesh.primitives.map(({ material: _material, ...primitive }) => primitive),
  }));
  return {
    ...json,
    meshes,
    images: [],
    textures: [],
    samplers: [],
    materials: [],
    extensionsUsed: without(json.extensionsUsed, 'CESIUM_RTC'),
    extensionsRequired: without(json.extensionsRequired, 'CESIUM_RTC'),
  };
}

/**
 * Reads an asset. `resource` reads a .gltf's external buffers by the URI the JSON gives (relative to the asset).
 * Returns the triangles and the CESIUM_RTC centre, when there is one (to be added after the node matrices).
 */
export async function readGltfTriangles(
  bytes: Uint8Array,
  resource: (uri: string) => Promise<Uint8Array | null>,
): Promise<{ pieces: TrianglePiece[]; rtcCenter: [number, number, number] | null }> {
  const reader = await gltfIO();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let json: JSONDocument;
  if (bytes.byteLength >= 12 && view.getUint32(0, true) === GLB_MAGIC) {
    if (view.getUint32(4, true) !== 2) throw new Error('glTF 1.0 content is not supported: convert it to glTF 2.0');
    json = await reader.binaryToJSON(bytes as Uint8Array<ArrayBuffer>);
  } else {
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as JSONDocument['json'];
    const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
    for (const buffer of parsed.buffers ?? []) {
      if (!buffer.uri || buffer.uri.startsWith('data:')) continue;
      const data = await resource(buffer.uri);
      if (!data) throw new Error(`the glTF buffer ${buffer.uri} is missing`);
      resources[buffer.uri] = data as Uint8Array<ArrayBuffer>;
    }
    json = { json: parsed, resources };
  }
  const center = rtcCenter(json.json);
  const document = await reader.readJSON({ json: geometryOnly(json.json), resources: json.resources });
  return { pieces: documentTriangles(document), rtcCenter: center };
}

function documentTriangles(document: Document): TrianglePiece[] {
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const pieces: TrianglePiece[] = [];
  scene?.traverse((node) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    const matrix = Array.from(node.getWorldMatrix());
    for (const primitive of mesh.listPrimitives()) {
      const piece = primitiveTriangles(primitive);
      if (piece) pieces.push({ ...piece, matrix });
    }
  });
  return pieces;
}

function primitiveTriangles(primitive: Primitive): Omit<TrianglePiece, 'matrix'> | null {
  const mode = primitive.getMode();
  const position = primitive.getAttribute('POSITION');
  if (!position || position.getType() !== 'VEC3') return null;
  if (
    mode !== Primitive.Mode.TRIANGLES &&
    mode !== Primitive.Mode.TRIANGLE_STRIP &&
    mode !== Primitive.Mode.TRIANGLE_FAN
  ) {
    return null;
  }
  const count = position.getCount();
  const positions = new Float32Array(count * 3);
  const element: number[] = [];
  for (let i = 0; i < count; i++) positions.set(position.getElement(i, element), i * 3);
  const accessor = primitive.getIndices();
  const order = accessor
    ? Uint32Array.from(accessor.getArray() ?? [])
    : Uint32Array.from({ length: count }, (_, i) => i);
  return { positions, indices: asTriangleList(order, mode) };
}

/** Strips and fans as a plain triangle list (winding does not matter: rays hit both faces). */
function asTriangleList(order: Uint32Array, mode: number): Uint32Array {
  if (mode === Primitive.Mode.TRIANGLES) return order.subarray(0, order.length - (order.length % 3));
  const triangles = new Uint32Array(Math.max(0, order.length - 2) * 3);
  for (let i = 2; i < order.length; i++) {
    const first = mode === Primitive.Mode.TRIANGLE_FAN ? 0 : i - 2;
    triangles[(i - 2) * 3] = order[first]!;
    triangles[(i - 2) * 3 + 1] = order[i - 1]!;
    triangles[(i - 2) * 3 + 2] = order[i]!;
  }
  return triangles;
}
