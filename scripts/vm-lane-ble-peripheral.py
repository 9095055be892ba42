#!/usr/bin/env python3
"""The interoperability peripheral of the QEMU lane (scripts/vm-lane ble): lane tooling, never a RigKit dependency.

Two Bumble controllers share one in-process link. Controller "kernel" is handed to the guest's
kernel through /dev/vhci (it becomes a new hciN); controller "peripheral" hosts a Bumble device that
plays an Empatica E4 from RigKit's documented wire format (Docs/Wristband.md), written here
independently of RigKit's simulator: it advertises NAME, the sensor service 0x3EA0
and manufacturer data 0xFFFF + serial SERIAL, serves the E4 GATT layout (sensors 0x3EA0, command
0x3E70, status 0x3EB0), and after the start command (0x01 + Unix time on 0x3E71) notifies fixed,
known values: BVP 100.0, acceleration (0, 0, 1 g), GSR 5.0 uS, temperature 33.0 C; battery reads 77 %.
Stop is 0x02.

usage: vm-lane-ble-peripheral.py NAME [SERIAL]   (prints "READY <address>" once advertising)
"""
import asyncio
import sys

from bumble.controller import Controller
from bumble.core import AdvertisingData, PhysicalTransport
from bumble.device import Device
from bumble.gatt import Characteristic, CharacteristicValue, Service
from bumble.hci import Address
from bumble.link import LocalLink

from bumble.transport import open_transport

PERIPHERAL_ADDRESS = 'F0:F1:F2:F3:F4:F5'


class KernelFacingLink(LocalLink):
    """LocalLink delivers LE ACL data as coming from the sender's random address, but the kernel's
    controller connects with its public one, so the peripheral finds no connection for it and drops
    every ATT PDU. Deliver from whichever of the sender's addresses the receiver is connected to."""

    def send_acl_data(self, sender_controller, destination_address, transport, data):
        if transport != PhysicalTransport.LE:
            return super().send_acl_data(sender_controller, destination_address, transport, data)
        receiver = self.find_le_controller(destination_address)
        if receiver is None:
            return
        known = [a for a in (sender_controller.random_address, sender_controller.public_address)
                 if a in receiver.le_connections]
        source = known[0] if known else sender_controller.random_address
        asyncio.get_running_loop().call_soon(receiver.on_link_acl_data, source, transport, data)


def say(*words):
    print('[peripheral]', *words, flush=True)


def u16(v):
    return bytes([v & 0xFF, v >> 8])


def streams(index):
    """One packet of each stream for sample index `index` (the indexes of each stream's own rate)."""
    bvp = u16(index['bvp']) + bytes([16]) + (200).to_bytes(3, 'little') + bytes(14)     # 16 samples of 200/2, deltas 0
    acc = u16(index['acc']) + bytes([0, 0, 64] * 6)                                       # 1/64 g units
    gsr = (200000).to_bytes(3, 'big') * 6 + u16(index['gsr'])                             # uS = 1e6 / raw
    temperature = u16(index['temperature']) + u16(15450) * 4                              # C = raw * 0.02 - 276
    return bvp, acc, gsr, temperature


async def serve(name, serial):
    vhci = await open_transport('vhci')
    link = KernelFacingLink()
    Controller('kernel', host_source=vhci.source, host_sink=vhci.sink, link=link,
               public_address='AA:BB:CC:00:00:01')
    controller = Controller('peripheral', link=link, public_address='AA:BB:CC:00:00:02')
    device = Device.with_hci(name, Address(PERIPHERAL_ADDRESS), controller, controller)

    notify = Characteristic.Properties.NOTIFY
    bvp, acc, temperature, gsr, ibi = (Characteristic(uuid, notify, Characteristic.READABLE, b'')
                                       for uuid in ('3EA1', '3EA3', '3EA6', '3EA8', '3EA9'))
    streaming = {'task': None}

    async def stream(connection):
        index = {'bvp': 0, 'acc': 0, 'gsr': 0, 'temperature': 0}
        tick = 0
        while True:
            b, a, g, t = streams(index)
            await device.notify_subscribers(bvp, b, force=True)      # 16 BVP samples per 250 ms = 64 Hz
            index['bvp'] += 16
            await device.notify_subscribers(acc, a, force=True)      # 6 per 250 ms (the E4 sends 32 Hz; fewer here)
            index['acc'] += 6
            if tick % 4 == 0:
                await device.notify_subscribers(temperature, t, force=True)
                index['temperature'] += 4
            if tick % 6 == 0:
                await device.notify_subscribers(gsr, g, force=True)
                index['gsr'] += 6
            tick += 1
            await asyncio.sleep(0.25)

    def command(connection, value):
        value = bytes(value)
        say('command', value.hex())
        if value[:1] == b'\x01' and len(value) == 5:
            if streaming['task'] is None:
                streaming['task'] = asyncio.get_running_loop().create_task(stream(connection))
        elif value == b'\x02' and streaming['task'] is not None:
            streaming['task'].cancel()
            streaming['task'] = None

    control = Characteristic('3EB2', Characteristic.Properties.READ, Characteristic.READABLE,
                             CharacteristicValue(read=lambda _c: bytes([0 if streaming['task'] is None else 1])))
    battery = Characteristic('3EB3', Characteristic.Properties.READ | notify, Characteristic.READABLE, bytes([77]))
    tag = Characteristic('3EB4', notify, Characteristic.READABLE, b'')
    write = Characteristic('3E71', Characteristic.Properties.WRITE, Characteristic.WRITEABLE,
                           CharacteristicValue(write=command))
    device.add_services([
        Service('3EA0', [bvp, acc, temperature, gsr, ibi]),
        Service('3E70', [write]),
        Service('3EB0', [control, battery, tag]),
    ])
    device.on('connection', lambda c: say('connection from', c.peer_address))
    device.on('disconnection', lambda reason: say('disconnection', reason))
    await device.power_on()
    advertising = bytes(AdvertisingData([
        (AdvertisingData.FLAGS, bytes([0x06])),
        (AdvertisingData.COMPLETE_LIST_OF_16_BIT_SERVICE_CLASS_UUIDS, u16(0x3EA0)),
        (AdvertisingData.COMPLETE_LOCAL_NAME, name.encode()),
        (AdvertisingData.MANUFACTURER_SPECIFIC_DATA, u16(0xFFFF) + serial.encode()),
    ]))
    # Everything in the advertising data: Bumble's in-process link does not carry scan responses.
    await device.start_advertising(advertising_data=advertising, auto_restart=True)
    say('READY', PERIPHERAL_ADDRESS)
    await asyncio.get_running_loop().create_future()


asyncio.run(serve(sys.argv[1] if len(sys.argv) > 1 else 'Empatica E4', sys.argv[2] if len(sys.argv) > 2 else 'B0B1E4'))
