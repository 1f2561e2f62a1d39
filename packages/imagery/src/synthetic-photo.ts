/**
 * Photos made in tests and benchmarks: a real encoded JPEG given the XMP a DJI drone writes (`drone-dji:*`
 * attributes: GpsLatitude, GpsLongtitude, AbsoluteAltitude, GimbalYawDegree, ...), which alone give a photo its
 * pose (docs/photo-poses.md). Splicing the XMP segment in after the start-of-image marker costs no re-encode, so
 * a thousand distinct photos can share a few encoded images. `withMpfPreview` adds the ready-made preview drone
 * cameras append to their photos (docs/benchmarks.md, photo ingest).
 */

export function jpegSegment(marker: number, payload: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** An APP1 XMP segment with DJI's attributes, written as a DJI drone writes them (values such as "+336.76"). */
export function djiXmpSegment(attributes: Record<string, string>): Buffer {
  const xmp =
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="DJI Meta Data" xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" ' +
    Object.entries(attributes)
      .map(([key, value]) => `drone-dji:${key}="${value}"`)
      .join(' ') +
    '/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
  return jpegSegment(0xe1, Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), Buffer.from(xmp)]));
}

/** The encoded JPEG `jpeg` with DJI's XMP inserted right after its start-of-image marker. */
export function withDjiXmp(jpeg: Buffer, attributes: Record<string, string>): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  return Buffer.concat([jpeg.subarray(0, 2), djiXmpSegment(attributes), jpeg.subarray(2)]);
}

/** A JPEG header without image data (a frame header giving its size), with DJI's XMP. */
export function jpegHeaderWithDjiXmp(width: number, height: number, attributes: Record<string, string>): Buffer {
  const sof = Buffer.from([8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    djiXmpSegment(attributes),
    jpegSegment(0xc0, sof),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A drone pose as DJI's XMP states it, each value signed as the drone writes it. */
export function djiPoseAttributes(pose: {
  latitude: number;
  longitude: number;
  altitude: number;
  yaw: number;
  pitch: number;
  roll: number;
}): Record<string, string> {
  const signed = (value: number, digits: number) => `${value < 0 ? '-' : '+'}${Math.abs(value).toFixed(digits)}`;
  return {
    GpsLatitude: signed(pose.latitude, 8),
    GpsLongtitude: signed(pose.longitude, 8),
    AbsoluteAltitude: signed(pose.altitude, 3),
    RelativeAltitude: signed(Math.max(0, pose.altitude - 20), 3),
    GimbalYawDegree: signed(pose.yaw, 2),
    GimbalPitchDegree: signed(pose.pitch, 2),
    GimbalRollDegree: signed(pose.roll, 2),
    FlightYawDegree: signed(pose.yaw, 2),
    FlightPitchDegree: '+0.00',
    FlightRollDegree: '+0.00',
  };
}

/** One image of a Multi-Picture Format index: its attribute (flags, format, type), size and offset (CIPA DC-007). */
export interface MpfEntry {
  attribute: number;
  size: number;
  /** From the index's TIFF header; 0 for the primary image. */
  offset: number;
}

/** The primary image's attribute: representative image, baseline MP primary. */
export const MPF_PRIMARY = 0x20030000;
/** A large thumbnail, VGA class: the type DJI gives its preview (exiftool: MPImageType 65537). */
export const MPF_LARGE_THUMBNAIL = 0x00010001;

/** An APP2 MPF index segment listing `entries` (version, number of images, MP entries), in either byte order. */
export function mpfSegment(entries: readonly MpfEntry[], byteOrder: 'II' | 'MM' = 'II'): Buffer {
  const little = byteOrder === 'II';
  const ifdEntries = 3;
  const entriesAt = 8 + 2 + ifdEntries * 12 + 4;
  const tiff = Buffer.alloc(entriesAt + entries.length * 16);
  const u16 = (value: number, at: number) => (little ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at));
  const u32 = (value: number, at: number) => (little ? tiff.writeUInt32LE(value, at) : tiff.writeUInt32BE(value, at));
  tiff.write(byteOrder, 0, 'latin1');
  u16(42, 2);
  u32(8, 4);
  u16(ifdEntries, 8);
  const field = (index: number, tag: number, type: number, count: number, value: number | string) => {
    const at = 10 + index * 12;
    u16(tag, at);
    u16(type, at + 2);
    u32(count, at + 4);
    if (typeof value === 'string') tiff.write(value, at + 8, 'latin1');
    else u32(value, at + 8);
  };
  const UNDEFINED = 7;
  const LONG = 4;
  field(0, 0xb000, UNDEFINED, 4, '0100');
  field(1, 0xb001, LONG, 1, entries.length);
  field(2, 0xb002, UNDEFINED, entries.length * 16, entriesAt);
  entries.forEach((entry, index) => {
    const at = entriesAt + index * 16;
    u32(entry.attribute, at);
    u32(entry.size, at + 4);
    u32(entry.offset, at + 8);
  });
  return jpegSegment(0xe2, Buffer.concat([Buffer.from('MPF\0', 'latin1'), tiff]));
}

/**
 * `primary` written as a drone camera writes its photos: an MPF index right after the start-of-image marker and
 * `preview` (a smaller JPEG of the same picture: the fixture DJI photos of 4000 × 2250 carry one of 960 × 540)
 * appended after the primary's end, typed as a large thumbnail. Segments later inserted right after the start-of-image marker (`withDjiXmp`) keep the
 * index right, as its offsets count from the index itself.
 */
export function withMpfPreview(primary: Buffer, preview: Buffer, byteOrder: 'II' | 'MM' = 'II'): Buffer {
  if (primary[0] !== 0xff || primary[1] !== 0xd8) throw new Error('not a JPEG');
  const segmentLength = mpfSegment([], byteOrder).length + 2 * 16;
  // The index's TIFF header starts 8 bytes into the segment (marker, length, "MPF\0"), which starts at byte 2.
  const tiffHeaderAt = 2 + 8;
  const previewAt = 2 + segmentLength + primary.length - 2;
  const segment = mpfSegment(
    [
      { attribute: MPF_PRIMARY, size: previewAt, offset: 0 },
      { attribute: MPF_LARGE_THUMBNAIL, size: preview.length, offset: previewAt - tiffHeaderAt },
    ],
    byteOrder,
  );
  return Buffer.concat([primary.subarray(0, 2), segment, primary.subarray(2), preview]);
}
