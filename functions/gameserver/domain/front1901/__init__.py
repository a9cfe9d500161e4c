"""Front 1901 as a member plays it: solo games against six AI powers (``games``), the daily challenge (``daily``)."""
