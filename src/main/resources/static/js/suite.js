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
// Pages people can use anywhere (docs/architecture.md § Page layout rules): every table scrolls inside
// its own labelled box, a refused form's error summary takes the focus and links to each field, and an
// idle back-office session warns before it ends and can be extended.
(function () {
	'use strict';
	function label(table) {
		var caption = table.querySelector('caption');
		if (caption && caption.textContent.trim()) {
			return caption.textContent.trim();
		}
		if (table.getAttribute('aria-label')) {
			return table.getAttribute('aria-label');
		}
		// The nearest heading before the table: the section it belongs to.
		var headings = Array.prototype.filter.call(document.querySelectorAll('h1, h2, h3'), function (h) {
			return h.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING;
		});
		var heading = headings.length ? headings[headings.length - 1] : null;
		return heading && heading.textContent.trim() ? heading.textContent.trim() : document.title;
	}
	function wrapTables(root) {
		var tables = root.tagName === 'TABLE' ? [root] : root.querySelectorAll ? root.querySelectorAll('table') : [];
		Array.prototype.forEach.call(tables, function (table) {
			if (table.parentElement && table.parentElement.classList.contains('tabela-rolagem')) {
				return;
			}
			var box = document.createElement('div');
			box.className = 'tabela-rolagem';
			box.setAttribute('role', 'region');
			box.setAttribute('aria-label', label(table));
			box.tabIndex = 0;
			table.parentNode.insertBefore(box, table);
			box.appendChild(table);
		});
	}
	function focusField(id) {
		var field = document.getElementById(id) || document.querySelector('[name="' + CSS.escape(id) + '"]');
		if (!field) {
			return false;
		}
		var fieldLabel = field.id ? document.querySelector('label[for="' + CSS.escape(field.id) + '"]') : null;
		(fieldLabel || field).scrollIntoView({ block: 'center' });
		field.focus({ preventScroll: true });
		return true;
	}
	function prepareSummary(root) {
		var summary = root.id === 'resumo-erros' ? root : root.querySelector && root.querySelector('#resumo-erros');
		if (!summary || summary.dataset.pronto) {
			return;
		}
		summary.dataset.pronto = 'true';
		summary.querySelectorAll('a[href^="#"]').forEach(function (link) {
			var id = decodeURIComponent(link.getAttribute('href').substring(1));
			if (!document.getElementById(id) && !document.querySelector('[name="' + CSS.escape(id) + '"]')) {
				// A message about no field on this page: plain text, not a dead link.
				link.removeAttribute('href');
			}
		});
		summary.focus();
	}
	document.addEventListener('click', function (event) {
		var link = event.target.closest && event.target.closest('#resumo-erros a[href^="#"]');
		if (link && focusField(decodeURIComponent(link.getAttribute('href').substring(1)))) {
			event.preventDefault();
		}
	});
	function prepare(root) {
		wrapTables(root);
		prepareSummary(root);
	}
	document.addEventListener('DOMContentLoaded', function () {
		prepare(document.body);
	});
	document.addEventListener('htmx:load', function (event) {
		prepare(event.detail.elt);
	});

	// The idle sign-out: the session ends after <meta name="suite-idle"> seconds without a request. The
	// last request of any tab of this browser counts (localStorage); before the end a warning offers to
	// go on (a request that keeps the session), and at the end the page signs out, hiding what it shows.
	var warning = null;
	var returnFocus = null;
	var loadedAt = Date.now();
	var LAST = 'suite-ultima-atividade';
	function idleMeta() {
		return document.querySelector('meta[name="suite-idle"]');
	}
	function lastActivity() {
		var stored = 0;
		try {
			stored = Number(window.localStorage.getItem(LAST)) || 0;
		}
		catch (e) {
			// Storage refused (a private window): this tab's own activity counts.
		}
		return Math.max(stored, loadedAt);
	}
	function markActivity() {
		loadedAt = Date.now();
		try {
			window.localStorage.setItem(LAST, String(loadedAt));
		}
		catch (e) {
			// As above.
		}
	}
	function hideWarning() {
		if (warning) {
			warning.remove();
			warning = null;
			if (returnFocus && document.contains(returnFocus)) {
				returnFocus.focus();
			}
			returnFocus = null;
		}
	}
	function extend(meta) {
		var headers = {};
		var c = csrf();
		if (c) {
			headers[c.header] = c.token;
		}
		fetch(meta.dataset.continuarUrl, { method: 'POST', headers: headers, credentials: 'same-origin' })
			.then(function (response) {
				// Signed out already: the request was sent to the sign-in page.
				if (response.ok && !response.redirected) {
					markActivity();
					hideWarning();
				}
				else {
					signOut();
				}
			});
	}
	function signOut() {
		var form = document.querySelector('form.sair');
		if (form) {
			form.submit();
		}
		else {
			window.location.reload();
		}
	}
	function showWarning(meta, seconds) {
		var minutes = Math.max(1, Math.round(seconds / 60));
		var text = (seconds >= 90 ? meta.dataset.avisoMinutos : meta.dataset.avisoSegundos)
			.replace('{0}', String(seconds >= 90 ? minutes : seconds));
		if (!warning) {
			returnFocus = document.activeElement;
			warning = document.createElement('div');
			warning.id = 'aviso-sessao';
			warning.className = 'aviso-tempo';
			warning.setAttribute('role', 'alertdialog');
			warning.setAttribute('aria-labelledby', 'aviso-sessao-texto');
			var p = document.createElement('p');
			p.id = 'aviso-sessao-texto';
			p.textContent = text;
			warning.appendChild(p);
			var button = document.createElement('button');
			button.type = 'button';
			button.id = 'continuar-sessao';
			button.className = 'botao';
			button.textContent = meta.dataset.continuar;
			button.addEventListener('click', function () {
				extend(meta);
			});
			warning.appendChild(button);
			document.body.appendChild(warning);
			button.focus();
		}
		else if (warning.dataset.minutos !== String(minutes) || seconds < 90) {
			// Announced once, then kept current quietly (a screen reader does not hear every second).
			warning.querySelector('p').textContent = text;
		}
		warning.dataset.minutos = String(minutes);
	}
	function check() {
		var meta = idleMeta();
		if (!meta) {
			return;
		}
		var idle = Number(meta.content) * 1000;
		var warnBefore = Math.min(120000, idle / 2);
		var left = idle - (Date.now() - lastActivity());
		if (left <= 0) {
			signOut();
		}
		else if (left <= warnBefore) {
			showWarning(meta, Math.ceil(left / 1000));
		}
		else {
			hideWarning();
		}
	}
	document.addEventListener('DOMContentLoaded', function () {
		if (idleMeta()) {
			markActivity();
			setInterval(check, 1000);
		}
	});
	// A request of this page (htmx) counts as activity, as it does on the server.
	document.addEventListener('htmx:afterRequest', function () {
		if (idleMeta()) {
			markActivity();
		}
	});
	function csrf() {
		return window.suiteCsrf ? window.suiteCsrf() : null;
	}
})();
