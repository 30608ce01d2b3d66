// The payment sandbox's stand-in for Stripe.js: the subset the portal uses (Elements with the
// Payment Element, confirmSetup, retrieveSetupIntent), with Stripe's shapes and messages.
// Stripe renders the Payment Element in an iframe; the sandbox renders it in the page.
;(function () {
  'use strict'

  var messages = {
    incompleteNumber: 'Your card number is incomplete.',
    invalidNumber: 'Your card number is invalid.',
    incompleteExpiry: "Your card's expiration date is incomplete.",
    pastExpiry: "Your card's expiration year is in the past.",
    incompleteCvc: "Your card's security code is incomplete.",
  }

  function luhn(digits) {
    var sum = 0
    for (var index = 0; index < digits.length; index++) {
      var digit = Number(digits[digits.length - 1 - index])
      if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
      sum += digit
    }
    return sum % 10 === 0
  }

  // The inline check Stripe's form makes as the user types: null when complete.
  function check(values) {
    var number = values.number.replace(/[\s-]/g, '')
    if (!/^\d*$/.test(number) || (number.length >= 16 && !luhn(number))) return { field: 'number', code: 'invalid_number', message: messages.invalidNumber }
    if (number.length < 16) return { field: 'number', code: 'incomplete_number', message: messages.incompleteNumber }
    var expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(values.expiry)
    if (!expiry) return { field: 'expiry', code: 'incomplete_expiry', message: messages.incompleteExpiry }
    var now = new Date()
    var month = Number(expiry[1])
    var year = 2000 + Number(expiry[2])
    if (month < 1 || month > 12 || year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      return { field: 'expiry', code: 'invalid_expiry_year_past', message: messages.pastExpiry }
    if (!/^\d{3,4}$/.test(values.cvc.trim())) return { field: 'cvc', code: 'incomplete_cvc', message: messages.incompleteCvc }
    return null
  }

  var mounted = 0

  function createPaymentElement() {
    var prefix = 'sandbox-card-' + ++mounted + '-'
    var listeners = {}
    var container = null
    var root = null
    var inputs = {}
    var errorLine = null
    var touched = false

    function emit(type, payload) {
      ;(listeners[type] || []).slice().forEach(function (handler) {
        handler(payload)
      })
    }

    function values() {
      return { number: inputs.number.value, expiry: inputs.expiry.value, cvc: inputs.cvc.value }
    }

    function showError(problem) {
      errorLine.textContent = problem ? problem.message : ''
      errorLine.hidden = !problem
      Object.keys(inputs).forEach(function (field) {
        inputs[field].setAttribute('aria-invalid', String(Boolean(problem && problem.field === field)))
      })
    }

    function field(name, label, autocomplete, placeholder) {
      var wrapper = document.createElement('div')
      wrapper.style.marginBottom = '12px'
      var id = prefix + name
      var labelElement = document.createElement('label')
      labelElement.htmlFor = id
      labelElement.textContent = label
      labelElement.style.display = 'block'
      labelElement.style.fontWeight = '600'
      labelElement.style.marginBottom = '4px'
      var input = document.createElement('input')
      input.id = id
      input.name = name
      input.autocomplete = autocomplete
      input.placeholder = placeholder
      input.inputMode = name === 'expiry' ? 'text' : 'numeric'
      input.setAttribute('aria-describedby', prefix + 'error')
      input.style.width = '100%'
      input.style.boxSizing = 'border-box'
      input.style.padding = '8px'
      input.style.font = 'inherit'
      input.addEventListener('input', onInput)
      input.addEventListener('focus', function () {
        emit('focus', { elementType: 'payment' })
      })
      input.addEventListener('blur', function () {
        touched = true
        showError(check(values()))
        emit('blur', { elementType: 'payment' })
      })
      inputs[name] = input
      wrapper.appendChild(labelElement)
      wrapper.appendChild(input)
      return wrapper
    }

    function onInput() {
      var current = values()
      var problem = check(current)
      var empty = !current.number && !current.expiry && !current.cvc
      if (touched || !problem) showError(problem && touched ? problem : null)
      emit('change', { elementType: 'payment', empty: empty, complete: !problem, collapsed: false, value: { type: 'card' } })
    }

    var element = {
      mount: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target
        root = document.createElement('div')
        root.setAttribute('role', 'group')
        root.setAttribute('aria-label', 'Card details')
        root.appendChild(field('number', 'Card number', 'cc-number', '1234 1234 1234 1234'))
        root.appendChild(field('expiry', 'Expiration (MM / YY)', 'cc-exp', 'MM / YY'))
        root.appendChild(field('cvc', 'Security code (CVC)', 'cc-csc', 'CVC'))
        errorLine = document.createElement('p')
        errorLine.id = prefix + 'error'
        errorLine.setAttribute('role', 'alert')
        errorLine.hidden = true
        errorLine.style.color = '#c92a2a'
        errorLine.style.margin = '0'
        root.appendChild(errorLine)
        container.appendChild(root)
        setTimeout(function () {
          emit('ready', { elementType: 'payment' })
        }, 0)
      },
      unmount: function () {
        if (root && root.parentNode) root.parentNode.removeChild(root)
      },
      destroy: function () {
        element.unmount()
        listeners = {}
      },
      update: function () {},
      collapse: function () {},
      clear: function () {
        Object.keys(inputs).forEach(function (name) {
          inputs[name].value = ''
        })
        onInput()
      },
      focus: function () {
        if (inputs.number) inputs.number.focus()
      },
      blur: function () {
        if (document.activeElement && root && root.contains(document.activeElement)) document.activeElement.blur()
      },
      on: function (type, handler) {
        ;(listeners[type] = listeners[type] || []).push(handler)
        return element
      },
      off: function (type, handler) {
        listeners[type] = (listeners[type] || []).filter(function (candidate) {
          return candidate !== handler
        })
        return element
      },
      // The sandbox's own: what the user typed, and the inline check shown like Stripe's.
      _values: values,
      _validate: function () {
        touched = true
        var problem = check(values())
        showError(problem)
        return problem
      },
    }
    return element
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || !publishableKey) throw new Error('Stripe(): the publishable key is required.')

    function validationError(problem) {
      return { error: { type: 'validation_error', code: problem.code, message: problem.message } }
    }

    // Methods @stripe/react-stripe-js checks for (isStripe) but the portal does not use.
    function unsupported(name) {
      return function () {
        return Promise.resolve({ error: { type: 'invalid_request_error', code: 'sandbox_unsupported', message: 'The payment sandbox does not support ' + name + '.' } })
      }
    }

    var stripe = {
      createToken: unsupported('createToken'),
      createPaymentMethod: unsupported('createPaymentMethod'),
      confirmCardPayment: unsupported('confirmCardPayment'),
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function (options) {
        var clientSecret = options && options.clientSecret
        var created = {}
        return {
          _clientSecret: clientSecret,
          create: function (type) {
            if (type !== 'payment') throw new Error('The payment sandbox supports the Payment Element only.')
            created.payment = createPaymentElement()
            return created.payment
          },
          getElement: function (type) {
            return created[type] || null
          },
          update: function (next) {
            if (next && next.clientSecret) clientSecret = next.clientSecret
          },
          fetchUpdates: function () {
            return Promise.resolve({})
          },
          submit: function () {
            var problem = created.payment ? created.payment._validate() : { code: 'incomplete', message: messages.incompleteNumber }
            return Promise.resolve(problem ? validationError(problem) : {})
          },
        }
      },
      confirmSetup: function (options) {
        var elements = options && options.elements
        var payment = elements && elements.getElement('payment')
        var clientSecret = (options && options.clientSecret) || (elements && elements._clientSecret)
        if (!payment || !clientSecret) return Promise.resolve({ error: { type: 'invalid_request_error', code: 'missing_elements', message: 'Elements are not ready.' } })
        var problem = payment._validate()
        if (problem) return Promise.resolve(validationError(problem))
        var intentId = clientSecret.split('_secret_')[0]
        var card = payment._values()
        var expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(card.expiry) || ['', '', '']
        return request('POST', '/v1/setup_intents/' + encodeURIComponent(intentId) + '/confirm', {
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': card.number.replace(/[\s-]/g, ''),
          'payment_method_data[card][exp_month]': String(Number(expiry[1])),
          'payment_method_data[card][exp_year]': String(2000 + Number(expiry[2])),
          'payment_method_data[card][cvc]': card.cvc.trim(),
        })
      },
      retrieveSetupIntent: function (clientSecret) {
        var intentId = String(clientSecret).split('_secret_')[0]
        return request('GET', '/v1/setup_intents/' + encodeURIComponent(intentId) + '?' + encode({ client_secret: clientSecret }))
      },
    }

    // Stripe's API, as Stripe.js calls it: form-encoded, with the publishable key as the bearer.
    function request(method, path, fields) {
      var init = { method: method, headers: { Authorization: 'Bearer ' + publishableKey } }
      if (fields) {
        init.headers['Content-Type'] = 'application/x-www-form-urlencoded'
        init.body = encode(fields)
      }
      return fetch(path, init)
        .then(function (response) {
          return response.json()
        })
        .then(function (answer) {
          return answer.error ? { error: answer.error } : { setupIntent: answer }
        })
        .catch(function () {
          return { error: { type: 'api_connection_error', message: 'We could not reach the payment provider.' } }
        })
    }
    return stripe
  }

  function encode(fields) {
    return Object.keys(fields)
      .map(function (name) {
        return encodeURIComponent(name) + '=' + encodeURIComponent(fields[name])
      })
      .join('&')
  }

  // @stripe/stripe-js checks the release train of the Stripe.js it finds.
  Stripe.version = 'endive'
  window.Stripe = Stripe
})()
