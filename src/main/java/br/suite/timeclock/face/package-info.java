/**
 * The time clock's face engine, internal to the timeclock module: decodes a photo
 * ({@link ImageDecoder}, EXIF orientation), finds faces with dlib's MMOD detector and
 * places their five landmarks ({@link MmodDetector}, {@link ShapePredictor}), cuts the
 * aligned chip ({@link FaceChip}) and computes dlib's 128-float descriptor
 * ({@link FaceEncoder}); {@link FaceEngine#analyze(byte[])} is the entry point and
 * {@link FaceEngine#distance(float[], float[])} compares two descriptors. The networks
 * run as ONNX under ONNX Runtime; they are converted from dlib's files at build time by
 * tools/face-models, which is not part of the service.
 */
package br.suite.timeclock.face;
