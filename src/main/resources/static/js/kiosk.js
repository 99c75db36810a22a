// The punch kiosk: live camera, a JPEG snapshot from it at "Registrar ponto", and the registration sent
// with the CSRF token. Without a camera (none, or permission denied) a blank frame is sent: the punch is
// still registered, and the face check flags it for review.
(function () {
	'use strict';
	var video = document.getElementById('video');
	var canvas = document.getElementById('quadro');
	var noCamera = document.getElementById('sem-camera');
	var confirmation = document.getElementById('confirmacao');
	var result = document.getElementById('resultado');
	var identifier = document.getElementById('identifier');
	var clock = document.getElementById('relogio');
	var cameraOk = false;
	var resetTimer = null;

	function showNoCamera() {
		cameraOk = false;
		noCamera.hidden = false;
		video.hidden = true;
	}

	if (navigator.mediaDevices && navigator.mediaDevices.getUserMedia) {
		navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false })
			.then(function (stream) {
				video.srcObject = stream;
				cameraOk = true;
				video.dataset.ready = 'true';
			})
			.catch(showNoCamera);
	} else {
		showNoCamera();
	}

	function tick() {
		var now = new Date();
		clock.textContent = now.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }) + ' '
			+ now.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' });
	}
	tick();
	setInterval(tick, 1000);

	function snapshot() {
		var context = canvas.getContext('2d');
		if (cameraOk && video.videoWidth > 0) {
			canvas.width = video.videoWidth;
			canvas.height = video.videoHeight;
			context.drawImage(video, 0, 0, canvas.width, canvas.height);
		} else {
			canvas.width = 320;
			canvas.height = 240;
			context.fillStyle = '#777777';
			context.fillRect(0, 0, canvas.width, canvas.height);
		}
		return canvas.toDataURL('image/jpeg', 0.9);
	}

	function newKey() {
		return 'kiosk-' + Date.now().toString(36) + '-' + Math.random().toString(36).slice(2, 12);
	}

	var identification = document.getElementById('identificacao');

	// Once someone is identified, their confirmation takes the identification's place (it fits the tablet).
	document.body.addEventListener('htmx:afterSwap', function (event) {
		if (event.detail.target === confirmation && document.getElementById('registro')) {
			identification.hidden = true;
			var first = confirmation.querySelector('input[name="event_type"]:checked');
			if (first) {
				first.focus();
			}
		}
	});

	// The result stays data-reset-seconds (30 s) for the next person to start afresh; data-warn-seconds
	// (20 s) before the reset a warning counts down and "Continuar nesta tela" starts the time again.
	var warnTimer = null;
	var countdown = null;

	function stopTimers() {
		[resetTimer, warnTimer].forEach(function (timer) {
			if (timer) {
				clearTimeout(timer);
			}
		});
		if (countdown) {
			clearInterval(countdown);
		}
		resetTimer = warnTimer = countdown = null;
		var warning = document.getElementById('aviso-reinicio');
		if (warning) {
			warning.remove();
		}
	}

	function warn(seconds) {
		var data = document.body.dataset;
		var warning = document.createElement('div');
		warning.id = 'aviso-reinicio';
		warning.className = 'aviso-tempo';
		warning.setAttribute('role', 'alert');
		var text = document.createElement('p');
		var left = seconds;
		text.textContent = data.resetWarning.replace('{0}', String(left));
		var button = document.createElement('button');
		button.type = 'button';
		button.id = 'continuar-tela';
		button.className = 'botao grande';
		button.textContent = data.resetExtend;
		warning.appendChild(text);
		warning.appendChild(button);
		result.appendChild(warning);
		countdown = setInterval(function () {
			left = Math.max(0, left - 1);
			text.textContent = data.resetWarning.replace('{0}', String(left));
		}, 1000);
	}

	function startResetTimer() {
		stopTimers();
		var total = Number(document.body.dataset.resetSeconds) || 30;
		var warnBefore = Math.min(Number(document.body.dataset.warnSeconds) || 20, total);
		warnTimer = setTimeout(function () {
			warn(warnBefore);
		}, (total - warnBefore) * 1000);
		resetTimer = setTimeout(reset, total * 1000);
	}

	function reset() {
		identification.hidden = false;
		stopTimers();
		confirmation.innerHTML = '';
		result.innerHTML = '';
		identifier.value = '';
		identifier.focus();
	}

	function register(button) {
		var form = document.getElementById('registro');
		var chosen = form.querySelector('input[name="event_type"]:checked');
		var body = new URLSearchParams();
		body.set('employee_id', form.querySelector('input[name="employee_id"]').value);
		body.set('event_type', chosen ? chosen.value : '');
		body.set('snapshot', snapshot());
		body.set('camera', cameraOk ? 'ok' : 'none');
		body.set('idempotency_key', form.dataset.key || (form.dataset.key = newKey()));
		var headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
		var csrf = window.suiteCsrf && window.suiteCsrf();
		if (csrf) {
			headers[csrf.header] = csrf.token;
		}
		var label = button.textContent;
		button.disabled = true;
		button.textContent = button.dataset.busy;
		fetch(form.dataset.action, { method: 'POST', headers: headers, body: body, credentials: 'same-origin' })
			.then(function (response) {
				if (response.redirected || !response.ok) {
					throw new Error('HTTP ' + response.status);
				}
				return response.text();
			})
			.then(function (html) {
				confirmation.innerHTML = '';
				result.innerHTML = html;
				var title = document.getElementById('resultado-titulo');
				if (title) {
					title.focus();
				}
				startResetTimer();
			})
			.catch(function () {
				button.disabled = false;
				button.textContent = label;
				result.innerHTML = '<p class="alerta erro" role="alert">' + document.body.dataset.offline + '</p>';
			});
	}

	document.addEventListener('click', function (event) {
		var target = event.target;
		if (target.id === 'registrar') {
			register(target);
		} else if (target.id === 'novo-registro' || target.id === 'nao-sou-eu') {
			reset();
		} else if (target.id === 'continuar-tela') {
			startResetTimer();
			var title = document.getElementById('resultado-titulo');
			if (title) {
				title.focus();
			}
		}
	});
})();
