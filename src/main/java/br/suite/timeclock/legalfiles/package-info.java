/**
 * The legal files of Portaria 671: the AFD (signed) and the AEJ exports, their API and
 * page.
 */
@NullMarked
package br.suite.timeclock.legalfiles;

import org.jspecify.annotations.NullMarked;
