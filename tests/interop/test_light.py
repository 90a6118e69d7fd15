"""``import caravan_lessons`` stays light: the interop package, the codecs and the bot registry load no
numpy, OpenSpiel or PettingZoo until a mask, a tensor or an environment is asked for."""
import subprocess
import sys


def test_importing_the_interop_package_and_the_codecs_loads_no_heavy_library():
    code = ("import sys, caravan_lessons, caravan_lessons.interop, caravan_lessons.agents, caravan_lessons.codecs, "
            "caravan_lessons.jaipur.codec, caravan_lessons.samarkand.codec, caravan_lessons.caravan.codec, "
            "caravan_lessons.marco_polo.codec; "
            "from caravan_lessons.jaipur.codec import codec; c = codec(); c.legal_ids(caravan_lessons.jaipur.new_game(seed=1)); "
            "heavy = [m for m in ('numpy', 'pyspiel', 'pettingzoo', 'gymnasium', 'matplotlib') if m in sys.modules]; "
            "print(','.join(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""
