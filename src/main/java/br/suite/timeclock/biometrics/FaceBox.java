package br.suite.timeclock.biometrics;

record FaceBox(int x, int y, int width, int height) {
}
