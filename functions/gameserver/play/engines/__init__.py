"""The service's games' adapters, one module each (``play/engines/<kind>.py``, the only application modules that
import the rules layer), found through the catalog of games (``gameserver.catalog.engine``) and loaded on first
use: an adapter imports its engine, which a cold start serving another game must not pay for."""
