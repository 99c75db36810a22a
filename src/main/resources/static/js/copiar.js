// Buttons marked data-copiar="<id>" copy that field's value (the Pix copia-e-cola, a payment link) and say so
// with their data-copiado text. A file of its own: the pages' CSP allows no inline script.
(function () {
	'use strict';
	document.addEventListener('DOMContentLoaded', function () {
		document.querySelectorAll('button[data-copiar]').forEach(function (button) {
			button.addEventListener('click', function () {
				var field = document.getElementById(button.dataset.copiar);
				var done = function () {
					button.textContent = button.dataset.copiado;
				};
				field.select();
				if (navigator.clipboard && window.isSecureContext) {
					navigator.clipboard.writeText(field.value).then(done, function () {
						document.execCommand('copy');
						done();
					});
				}
				else {
					document.execCommand('copy');
					done();
				}
			});
		});
	});
})();
