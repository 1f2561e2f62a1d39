/**
 * Photos made in tests and benchmarks: a real encoded JPEG given the XMP a DJI drone writes (`drone-dji:*`
 * attributes: GpsLatitude, GpsLongtitude, AbsoluteAltitude, GimbalYawDegree, ...), which alone give a photo its
 * pose (docs/photo-poses.md). Splicing the XMP segment in after the start-of-image marker costs no re-encode, so
 * a thousand distinct photos can share a few encoded images.
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
