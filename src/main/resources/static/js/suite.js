// Sends the CSRF token with every htmx request, asks before destructive actions marked data-confirm, and
// masks CPF/CNPJ and phone inputs marked data-mask (the service accepts the values with or without the mask).
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
	// data-mask="cpf": 000.000.000-00; "cpf-cnpj": a CPF while it can be one, else a CNPJ 00.000.000/0000-00
	// (letters allowed in its first twelve places: the alphanumeric CNPJ); "phone": (00) 0000-0000 or
	// (00) 00000-0000, left alone when it starts with + (an international number, as stored). A value longer
	// than its mask is left as typed, for the service to name the error, never cut.
	function pattern(value, shape) {
		var out = '';
		var i = 0;
		for (var k = 0; k < shape.length && i < value.length; k++) {
			out += shape[k] === '#' ? value[i++] : shape[k];
		}
		return out;
	}
	var masks = {
		'cpf': function (v) {
			var d = v.replace(/\D/g, '');
			return d.length > 11 ? v : pattern(d, '###.###.###-##');
		},
		'cpf-cnpj': function (v) {
			var raw = v.toUpperCase().replace(/[^0-9A-Z]/g, '');
			if (raw.length > 14) {
				return v;
			}
			if (raw.length <= 11 && /^\d*$/.test(raw)) {
				return pattern(raw, '###.###.###-##');
			}
			return pattern(raw, '##.###.###/####-##');
		},
		'phone': function (v) {
			if (v.trim().charAt(0) === '+') {
				return v;
			}
			var d = v.replace(/\D/g, '');
			if (d.length > 11) {
				return v;
			}
			return pattern(d, d.length > 10 ? '(##) #####-####' : '(##) ####-####');
		}
	};
	function applyMask(input) {
		var mask = masks[input.dataset.mask];
		if (mask && input.value) {
			var masked = mask(input.value);
			if (masked !== input.value) {
				input.value = masked;
			}
		}
	}
	document.addEventListener('input', function (event) {
		var input = event.target;
		if (input.dataset && input.dataset.mask && !(event.inputType || '').startsWith('delete')) {
			applyMask(input);
		}
	});
	document.addEventListener('DOMContentLoaded', function () {
		document.querySelectorAll('input[data-mask]').forEach(applyMask);
	});
})();
