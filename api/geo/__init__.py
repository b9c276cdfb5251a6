"""Place search for the activity form's map: a Nominatim-compatible geocoder, called by the API for the browser."""
