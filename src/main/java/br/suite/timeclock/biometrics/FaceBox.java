package br.suite.timeclock;

record FaceBox(int x, int y, int width, int height) {
}
