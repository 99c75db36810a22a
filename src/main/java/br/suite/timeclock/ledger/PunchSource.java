package br.suite.timeclock.ledger;

/**
 * How a punch was collected, the collector kinds of the AFD's REP-P record (01 mobile
 * app, 02 browser, 03 desktop app, 04 device such as a kiosk, 05 other).
 */
enum PunchSource {

	MOBILE_APP, BROWSER, DESKTOP_APP, DEVICE, OTHER

}
