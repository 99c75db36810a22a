// Sends the CSRF token with every htmx request, and asks before destructive actions marked data-confirm.
(function () {
	'use strict';
	function csrf() {
		var header = document.querySelector('meta[name="csrf-header"]');
		var token = document.querySelector('meta[name="csrf-token"]');
		return header && token ? { header: header.content, token: token.content } : null;
	}
	window.suiteCsrf = csrf;
	document.addEventListener('htmx:configRequest', function (event) {
		var c = csrf();
		if (c) {
			event.detail.headers[c.header] = c.token;
		}
	});
	// A field with errors is marked invalid for assistive technology (its messages are its description).
	document.addEventListener('DOMContentLoaded', function () {
		document.querySelectorAll('.erros-campo[id^="erro-"]').forEach(function (list) {
			var field = document.getElementById(list.id.substring(5));
			if (field) {
				field.setAttribute('aria-invalid', 'true');
			}
		});
	});
	document.addEventListener('submit', function (event) {
		var form = event.target;
		if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
			event.preventDefault();
		}
	});
})();
